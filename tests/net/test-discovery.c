/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "test-discovery"

#include "config.h"

#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "net-test-util.h"
#include "parlor-discovery.h"
#include "parlor-protocol.h"
#include "toy-game.h"

/*
 * LAN discovery: records, the subnet check, and a host and a guest on the
 * loopback interface only (the LOOPBACK scope: multicast on `lo` and
 * unicast to 127.0.0.1, on a port of its own).
 */

static ParlorTableRecord *
sample_record (const char *table)
{
  ParlorTableRecord *record = parlor_table_record_new ();

  record->game = g_strdup ("manhattan");
  record->table = g_strdup (table);
  record->name = g_strdup ("Alice Ä 张");
  record->host = g_strdup ("alice-laptop");
  record->port = 7412;
  record->taken = 1;
  record->seats = 4;
  record->started = FALSE;
  record->protocol = PARLOR_PROTOCOL_VERSION;

  return record;
}

static void
test_record_round_trip (void)
{
  g_autoptr(ParlorTableRecord) record = sample_record ("12");
  g_autofree char *line = parlor_table_record_to_line (record);
  g_autoptr(ParlorTableRecord) back = NULL;

  g_assert_nonnull (line);
  g_assert_null (strstr (line, "token"));
  g_assert_null (strstr (line, "seed"));
  back = parlor_table_record_parse (line);
  g_assert_nonnull (back);
  g_assert_true (parlor_table_record_equal (record, back));

  /* Invalid fields are never written. */
  record->taken = 5;
  g_assert_null (parlor_table_record_to_line (record));
}

static void
test_record_garbage (void)
{
  static const char * const bad[] = {
    "",
    "table",
    "table v=1",
    "table v=2 game=manhattan id=1 name=A host=h port=7412 taken=1 seats=4 started=0 proto=2",
    "table v=1 game=man%20hattan id=1 name=A host=h port=7412 taken=1 seats=4 started=0 proto=2",
    "table v=1 game=manhattan id=1 name= host=h port=7412 taken=1 seats=4 started=0 proto=2",
    "table v=1 game=manhattan id=1 name=A host=h port=0 taken=1 seats=4 started=0 proto=2",
    "table v=1 game=manhattan id=1 name=A host=h port=70000 taken=1 seats=4 started=0 proto=2",
    "table v=1 game=manhattan id=1 name=A host=h port=7412 taken=5 seats=4 started=0 proto=2",
    "table v=1 game=manhattan id=1 name=A host=h port=7412 taken=1 seats=4 started=2 proto=2",
    "table v=1 game=manhattan id=1 name=A host=h port=7412 taken=1 seats=4 started=0",
    "table v=1 game=manhattan id=1 name=%01A host=h port=7412 taken=1 seats=4 started=0 proto=2",
    "table v=1 game=manhattan id=1 name=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA host=h port=7412 taken=1 seats=4 started=0 proto=2",
    "probe v=1",
    "table word v=1 game=manhattan id=1 name=A host=h port=7412 taken=1 seats=4 started=0 proto=2",
  };
  static const char * const bad_datagrams[] = {
    "",
    "\n",
    "tables\n",
    "tables v=1 kind=answer port=7412\n",
    "tables v=1 kind=shout server=ab port=7412\n",
    "tables v=1 kind=answer server=a%20b port=7412\n",
    "tables v=1 kind=answer server=ab port=7412",  /* no final newline */
    "probe v=1 pad=00\n",                           /* not padded */
  };
  g_autoptr(GBytes) probe = parlor_discovery_probe_new ();
  guint8 big[PARLOR_DISCOVERY_MAX_DATAGRAM + 100];
  g_autoptr(GPtrArray) records = NULL;
  g_autofree char *mixed = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(ParlorTableRecord) record = parlor_table_record_parse (bad[i]);

      if (record != NULL)
        g_error ("accepted “%s”", bad[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_datagrams); i++)
    g_assert_cmpint (parlor_discovery_parse ((const guint8 *) bad_datagrams[i], strlen (bad_datagrams[i]),
                                             NULL, NULL), ==, PARLOR_DISCOVERY_INVALID);

  /* A probe is read only at its size; an oversized datagram not at all. */
  g_assert_cmpuint (g_bytes_get_size (probe), ==, PARLOR_DISCOVERY_PROBE_SIZE);
  g_assert_cmpint (parlor_discovery_parse (g_bytes_get_data (probe, NULL), g_bytes_get_size (probe),
                                           NULL, NULL), ==, PARLOR_DISCOVERY_PROBE);
  g_assert_cmpint (parlor_discovery_parse (g_bytes_get_data (probe, NULL), g_bytes_get_size (probe) - 1,
                                           NULL, NULL), ==, PARLOR_DISCOVERY_INVALID);
  memset (big, '\n', sizeof big);
  memcpy (big, "tables v=1 kind=answer server=ab port=1\n", 40);
  g_assert_cmpint (parlor_discovery_parse (big, sizeof big, NULL, NULL), ==, PARLOR_DISCOVERY_INVALID);
  g_assert_cmpint (parlor_discovery_parse (big, PARLOR_DISCOVERY_MAX_DATAGRAM, NULL, NULL), ==,
                   PARLOR_DISCOVERY_ANSWER);
  big[50] = '\0';
  g_assert_cmpint (parlor_discovery_parse (big, PARLOR_DISCOVERY_MAX_DATAGRAM, NULL, NULL), ==,
                   PARLOR_DISCOVERY_INVALID);

  /* Bad records among good ones are skipped. */
  mixed = g_strconcat ("tables v=1 kind=announce server=ab port=7412\n",
                       "table v=1 game=toy id=1 name=A host= port=7412 taken=1 seats=4 started=0 proto=2\n",
                       "garbage %zz\n",
                       "table v=1 game=toy id=2 name=B port=7412 taken=1 seats=2 started=1 proto=2 token=x\n",
                       "table v=1 game=toy id=3 name=C host=h port=7412 taken=9 seats=2 started=0 proto=2\n",
                       NULL);
  g_assert_cmpint (parlor_discovery_parse ((const guint8 *) mixed, strlen (mixed), NULL, &records), ==,
                   PARLOR_DISCOVERY_ANNOUNCE);
  g_assert_cmpuint (records->len, ==, 2);
  g_assert_cmpstr (((ParlorTableRecord *) g_ptr_array_index (records, 0))->name, ==, "A");
  g_assert_cmpstr (((ParlorTableRecord *) g_ptr_array_index (records, 1))->name, ==, "B");
  g_assert_true (((ParlorTableRecord *) g_ptr_array_index (records, 1))->started);
}

/* A name that would show nothing (combining marks, blank letters, wide
 * spaces) is shown as its code points; any other as it is. */
static void
test_visible_name (void)
{
  static const struct { const char *name; const char *shown; } cases[] = {
    { "Alice Ä 张", "Alice Ä 张" },
    { "\xcc\x81\xcc\x81", "U+0301 U+0301" },              /* combining acute accents */
    { "\xe3\x85\xa4", "U+3164" },                         /* Hangul filler */
    { "\xe3\x80\x80\xe2\xa0\x80", "U+3000 U+2800" },       /* ideographic space, braille blank */
    { "e\xcc\x81", "e\xcc\x81" },                          /* é, decomposed */
    { "\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81\xcc\x81",
      "U+0301 U+0301 U+0301 U+0301 U+0301 U+0301 U+0301 U+0301 …" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ParlorTableRecord) record = sample_record ("1");
      g_autofree char *line = NULL;
      g_autoptr(ParlorTableRecord) back = NULL;
      g_autofree char *shown = NULL;

      g_free (record->name);
      record->name = g_strdup (cases[i].name);
      line = parlor_table_record_to_line (record);
      g_assert_nonnull (line);
      back = parlor_table_record_parse (line);
      g_assert_nonnull (back);
      shown = parlor_table_record_dup_visible_name (back);
      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

/* An answer never outweighs its probe, however many tables. */
static void
test_answer_size (void)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
  g_autoptr(GBytes) answer = NULL;
  g_autoptr(GPtrArray) parsed = NULL;
  g_autofree char *record_line = NULL;
  ParlorDiscoveryHeader header;
  guint first = 0;

  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *id = g_strdup_printf ("%u", i + 1);

      g_ptr_array_add (records, sample_record (id));
    }
  answer = parlor_discovery_encode (PARLOR_DISCOVERY_ANSWER, "0123abcd", 7412, records, &first,
                                    PARLOR_DISCOVERY_PROBE_SIZE);
  g_assert_nonnull (answer);
  g_assert_cmpuint (g_bytes_get_size (answer), <=, PARLOR_DISCOVERY_PROBE_SIZE);
  g_assert_cmpuint (first, >, 0);
  g_assert_cmpuint (first, <, records->len);
  record_line = parlor_table_record_to_line (g_ptr_array_index (records, 0));
  g_test_message ("probe %d bytes; answer %zu bytes with %u records of %zu bytes",
                  PARLOR_DISCOVERY_PROBE_SIZE, g_bytes_get_size (answer), first,
                  strlen (record_line) + 1);
  g_assert_cmpint (parlor_discovery_parse (g_bytes_get_data (answer, NULL), g_bytes_get_size (answer),
                                           &header, &parsed), ==, PARLOR_DISCOVERY_ANSWER);
  g_assert_cmpstr (header.server, ==, "0123abcd");
  g_assert_cmpuint (header.port, ==, 7412);
  g_assert_cmpuint (parsed->len, ==, first);
  parlor_discovery_header_clear (&header);
}

static GInetAddress *
inet (const char *text)
{
  GInetAddress *address = g_inet_address_new_from_string (text);

  g_assert_nonnull (address);
  return address;
}

static void
add_subnet (GArray     *subnets,
            const char *address,
            guint       prefix)
{
  g_autoptr(GInetAddress) a = inet (address);
  const guint8 *b = g_inet_address_to_bytes (a);
  ParlorSubnet subnet;

  subnet.mask = prefix == 0 ? 0 : 0xffffffffu << (32 - prefix);
  subnet.address = (((guint32) b[0] << 24) | ((guint32) b[1] << 16) | ((guint32) b[2] << 8) | b[3]) & subnet.mask;
  g_array_append_val (subnets, subnet);
}

static void
test_subnet_check (void)
{
  static const struct { const char *address; gboolean local; } cases[] = {
    { "10.231.7.9", TRUE },
    { "10.231.7.255", TRUE },
    { "10.231.8.1", FALSE },
    { "192.168.1.77", TRUE },
    { "192.168.2.77", FALSE },
    { "127.0.0.1", TRUE },
    { "127.3.2.1", TRUE },
    { "8.8.8.8", FALSE },
    { "11.0.0.1", FALSE },     /* inside the /4, which is not trusted */
    { "172.16.0.1", TRUE },    /* the /12 */
    { "172.32.0.1", FALSE },
    { "::1", FALSE },          /* IPv4 only */
    { "fe80::1", FALSE },
  };
  g_autoptr(GArray) subnets = g_array_new (FALSE, FALSE, sizeof (ParlorSubnet));
  g_autoptr(GArray) none = g_array_new (FALSE, FALSE, sizeof (ParlorSubnet));
  g_autoptr(GArray) local = parlor_discovery_local_subnets ();
  g_autoptr(GInetAddress) outside = inet ("203.0.113.9");
  g_autoptr(GInetAddress) loopback = inet ("127.0.0.1");

  add_subnet (subnets, "10.231.7.0", 24);
  add_subnet (subnets, "192.168.1.0", 24);
  add_subnet (subnets, "0.0.0.0", 4);
  add_subnet (subnets, "172.16.0.0", 12);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GInetAddress) address = inet (cases[i].address);

      if (parlor_discovery_source_is_local (address, subnets) != cases[i].local)
        g_error ("%s: expected %s", cases[i].address, cases[i].local ? "local" : "not local");
    }
  g_assert_false (parlor_discovery_source_is_local (outside, none));
  g_assert_true (parlor_discovery_source_is_local (loopback, none));
  /* This machine has loopback at least. */
  g_assert_cmpuint (local->len, >=, 1);
}

/* ---- on the loopback interface ------------------------------------------ */

static guint16
free_udp_port (void)
{
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                            G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr(GInetAddress) all = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) any = g_inet_socket_address_new (all, 0);
  g_autoptr(GSocketAddress) bound = NULL;

  /* Free on every address: no other Parlor on this computer speaks on it. */
  g_assert_true (g_socket_bind (socket, any, FALSE, NULL));
  bound = g_socket_get_local_address (socket, NULL);

  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

static gboolean
has_items (gpointer data)
{
  return g_list_model_get_n_items (data) > 0;
}

static gboolean
has_no_items (gpointer data)
{
  return g_list_model_get_n_items (data) == 0;
}

typedef struct
{
  ParlorBrowser *browser;
  guint          taken;
  gboolean       started;
} Want;

static gboolean
first_is (gpointer data)
{
  Want *want = data;
  g_autoptr(ParlorFoundTable) item = g_list_model_get_item (G_LIST_MODEL (want->browser), 0);
  const ParlorTableRecord *record;

  if (item == NULL)
    return FALSE;
  record = parlor_found_table_get_record (item);

  return record->taken == want->taken && !record->started == !want->started;
}

static void
test_find_on_loopback (void)
{
  guint16 port = 0;
  guint16 udp = free_udp_port ();
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(ParlorBrowser) browser = parlor_browser_new ();
  g_autoptr(ParlorFoundTable) item = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  const ParlorTableRecord *record;
  Player *guest;
  const char *id;
  gint64 begin;
  Want want = { browser, 2, FALSE };

  id = parlor_server_create_table (server, "toy", "seats=3", "Alice", &error);
  g_assert_no_error (error);
  g_assert_true (parlor_server_announce (server, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_no_error (error);
  g_assert_true (parlor_server_is_announcing (server));

  begin = g_get_monotonic_time ();
  g_assert_true (parlor_browser_start (browser, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_no_error (error);
  g_assert_true (net_test_wait (has_items, browser, 2000));
  g_test_message ("found in %.0f ms", (g_get_monotonic_time () - begin) / 1000.0);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 1);
  item = g_list_model_get_item (G_LIST_MODEL (browser), 0);
  record = parlor_found_table_get_record (item);
  g_assert_cmpstr (record->game, ==, "toy");
  g_assert_cmpstr (record->table, ==, id);
  g_assert_cmpstr (record->name, ==, "Alice");
  g_assert_cmpuint (record->port, ==, port);
  g_assert_cmpuint (record->taken, ==, 1);
  g_assert_cmpuint (record->seats, ==, 3);
  g_assert_false (record->started);
  g_assert_cmpuint (record->protocol, ==, PARLOR_PROTOCOL_VERSION);
  g_assert_cmpuint (parlor_found_table_get_free_seats (item), ==, 2);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  g_assert_cmpstr (parlor_found_table_get_address (item), ==, address);

  /* A guest sits down: the change is announced within a second. */
  guest = player_new ("Bob", &toy_game_info, 1);
  g_assert_true (player_connect (guest, port, NULL));
  parlor_client_join (guest->client, NULL);
  g_assert_true (net_test_wait (first_is, &want, 1500));

  /* Started: still listed, for players coming back. */
  g_assert_true (parlor_server_start_table (server, id, &error));
  g_assert_no_error (error);
  want.started = TRUE;
  g_assert_true (net_test_wait (first_is, &want, 1500));

  /* The host stops: its `bye` takes the table off at once. */
  parlor_server_stop (server);
  g_assert_false (parlor_server_is_announcing (server));
  g_assert_true (net_test_wait (has_no_items, browser, 1000));

  player_free (guest);
  parlor_browser_stop (browser);
}

static GSocket *
loopback_socket (void)
{
  GSocket *socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                  G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  struct in_addr lo = { g_htonl (INADDR_LOOPBACK) };

  g_assert_true (g_socket_bind (socket, any, FALSE, NULL));
  g_socket_set_blocking (socket, FALSE);
  /* What this socket sends to the group stays on the loopback interface. */
  g_assert_cmpint (setsockopt (g_socket_get_fd (socket), IPPROTO_IP, IP_MULTICAST_IF, &lo, sizeof lo), ==, 0);
  g_socket_set_multicast_ttl (socket, 1);

  return socket;
}

static void
send_bytes (GSocket      *socket,
            guint16       port,
            const void   *data,
            gsize         size)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) to = g_inet_socket_address_new (loopback, port);

  g_assert_cmpint (g_socket_send_to (socket, to, data, size, NULL, NULL), ==, (gssize) size);
}

/* Sends @records as announcements of server @server_id to the group. */
static void
send_announce (GSocket    *socket,
               guint16     port,
               const char *server_id,
               GPtrArray  *records)
{
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (PARLOR_DISCOVERY_GROUP);
  g_autoptr(GSocketAddress) to = g_inet_socket_address_new (group, port);
  guint first = 0;

  while (first < records->len)
    {
      g_autoptr(GBytes) bytes = parlor_discovery_encode (PARLOR_DISCOVERY_ANNOUNCE, server_id, 7412,
                                                         records, &first,
                                                         PARLOR_DISCOVERY_MAX_DATAGRAM);

      g_assert_cmpint (g_socket_send_to (socket, to, g_bytes_get_data (bytes, NULL),
                                         g_bytes_get_size (bytes), NULL, NULL), >, 0);
    }
}

/* A table that goes away (its players left, its game ended) leaves the
 * guests' lists at once, not six seconds later. */
static void
test_table_gone (void)
{
  guint16 port = 0;
  guint16 udp = free_udp_port ();
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(ParlorBrowser) browser = parlor_browser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RawConn) raw = raw_conn_new (port);
  gint64 left;

  parlor_server_set_allow_create (server, TRUE);
  g_assert_true (parlor_server_announce (server, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_true (parlor_browser_start (browser, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  raw_conn_hello (raw, "Dana");
  raw_conn_send (raw, "create game=toy\n", -1);
  g_assert_cmpint (raw_conn_wait_line (raw, 0, "joined ", 5000), >=, 0);
  g_assert_true (net_test_wait (has_items, browser, 2000));

  raw_conn_send (raw, "bye\n", -1);
  left = g_get_monotonic_time ();
  g_assert_true (net_test_wait (has_no_items, browser, 2000));
  g_test_message ("gone from the list %.0f ms after the last player left",
                  (g_get_monotonic_time () - left) / 1000.0);
  g_assert_true (parlor_server_is_announcing (server));
}

/* A guest keeps a table it no longer hears of for six seconds only. */
static void
test_forget (void)
{
  guint16 udp = free_udp_port ();
  g_autoptr(ParlorBrowser) browser = parlor_browser_new ();
  g_autoptr(GSocket) socket = loopback_socket ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
  g_autoptr(GError) error = NULL;
  gint64 heard;
  double seconds;

  g_assert_true (parlor_browser_start (browser, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_no_error (error);
  g_ptr_array_add (records, sample_record ("1"));
  /* A host heard once, then gone without a word (it crashed). */
  send_announce (socket, udp, "gone", records);
  heard = g_get_monotonic_time ();
  g_assert_true (net_test_wait (has_items, browser, 1000));
  g_assert_true (net_test_wait (has_no_items, browser, PARLOR_DISCOVERY_FORGET_MS + 2000));
  seconds = (g_get_monotonic_time () - heard) / (double) G_USEC_PER_SEC;
  g_test_message ("forgotten after %.1f s", seconds);
  g_assert_cmpfloat (seconds, >=, PARLOR_DISCOVERY_FORGET_MS / 1000.0 - 0.1);
}

/* Answers read on @socket within @ms, each checked for its size. */
static guint
count_answers (GSocket *socket,
               guint    ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  guint n = 0;

  while (g_get_monotonic_time () < end)
    {
      guint8 buffer[2048];
      gssize got;

      g_main_context_iteration (NULL, FALSE);
      got = g_socket_receive (socket, (char *) buffer, sizeof buffer, NULL, NULL);
      if (got > 0)
        {
          g_assert_cmpint (got, <=, PARLOR_DISCOVERY_PROBE_SIZE);
          g_assert_cmpint (parlor_discovery_parse (buffer, got, NULL, NULL), ==, PARLOR_DISCOVERY_ANSWER);
          n++;
        }
      else
        g_usleep (1000);
    }

  return n;
}

/* A flood of probes from one sender is answered at a bounded rate. */
static void
test_flood (void)
{
  guint16 port = 0;
  guint16 udp = free_udp_port ();
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GSocket) socket = loopback_socket ();
  g_autoptr(GBytes) probe = parlor_discovery_probe_new ();
  g_autoptr(GError) error = NULL;
  guint64 n_probes, n_answers, n_refused, n_limited;
  guint answers;
  gint64 begin;
  double seconds;

  parlor_server_create_table (server, "toy", NULL, "Alice", &error);
  g_assert_no_error (error);
  g_assert_true (parlor_server_announce (server, PARLOR_DISCOVERY_LOOPBACK, udp, &error));

  begin = g_get_monotonic_time ();
  for (guint i = 0; i < 200; i++)
    {
      send_bytes (socket, udp, g_bytes_get_data (probe, NULL), g_bytes_get_size (probe));
      if (i % 20 == 0)
        g_main_context_iteration (NULL, FALSE);
    }
  answers = count_answers (socket, 1000);
  seconds = (g_get_monotonic_time () - begin) / (double) G_USEC_PER_SEC;
  parlor_announcer_get_stats (parlor_server_get_announcer (server), &n_probes, &n_answers, &n_refused,
                              &n_limited);
  g_test_message ("200 probes in %.2f s: %u answers (%" G_GUINT64_FORMAT " probes read, %"
                  G_GUINT64_FORMAT " limited)", seconds, answers, n_probes, n_limited);
  g_assert_cmpuint (answers, >=, 1);
  g_assert_cmpuint (answers, <=, PARLOR_DISCOVERY_SOURCE_BURST + PARLOR_DISCOVERY_SOURCE_RATE * seconds + 1);
  g_assert_cmpuint (n_answers, ==, answers);
  g_assert_cmpuint (n_limited, >, 0);
  g_assert_cmpuint (n_refused, ==, 0);
}

/* Garbage goes unanswered and unlisted, and the host still answers. */
static void
test_garbage (void)
{
  guint16 port = 0;
  guint16 udp = free_udp_port ();
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(ParlorBrowser) browser = parlor_browser_new ();
  g_autoptr(GSocket) socket = loopback_socket ();
  g_autoptr(GBytes) probe = parlor_discovery_probe_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  guint8 noise[1500];
  const char *short_probe = "probe v=1\n";
  guint64 n_probes, n_answers;

  parlor_server_create_table (server, "toy", NULL, "Alice", &error);
  g_assert_no_error (error);
  g_assert_true (parlor_server_announce (server, PARLOR_DISCOVERY_LOOPBACK, udp, &error));

  for (guint i = 0; i < 50; i++)
    {
      gsize size = g_rand_int_range (rand, 1, sizeof noise);

      for (gsize j = 0; j < size; j++)
        noise[j] = g_rand_int_range (rand, 0, 256);
      send_bytes (socket, udp, noise, size);
    }
  send_bytes (socket, udp, short_probe, strlen (short_probe));
  g_assert_cmpuint (count_answers (socket, 300), ==, 0);
  parlor_announcer_get_stats (parlor_server_get_announcer (server), &n_probes, &n_answers, NULL, NULL);
  g_assert_cmpuint (n_probes, ==, 0);

  send_bytes (socket, udp, g_bytes_get_data (probe, NULL), g_bytes_get_size (probe));
  g_assert_cmpuint (count_answers (socket, 300), ==, 1);

  /* A guest: made-up tables from made-up servers of one address fill
   * PARLOR_DISCOVERY_MAX_TABLES places at most, and garbage is counted and
   * dropped. */
  g_assert_true (parlor_browser_start (browser, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_true (net_test_wait (has_items, browser, 2000));
  {
    g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
    g_autoptr(GInetAddress) group = g_inet_address_new_from_string (PARLOR_DISCOVERY_GROUP);
    g_autoptr(GSocketAddress) to = g_inet_socket_address_new (group, udp);
    guint64 ignored = parlor_browser_get_n_ignored (browser);

    for (guint i = 0; i < PARLOR_DISCOVERY_MAX_TABLES + 10; i++)
      {
        g_autofree char *id = g_strdup_printf ("%u", i + 1);

        g_ptr_array_add (records, sample_record (id));
      }
    /* Announced again and again, as hosts do: a few new tables are taken
     * in each main-loop turn. */
    for (guint round = 0; round < 100; round++)
      {
        for (guint s = 0; s < 4; s++)
          {
            g_autofree char *server_id = g_strdup_printf ("fake%u", s);

            send_announce (socket, udp, server_id, records);
          }
        net_test_sleep (50);
        if (g_list_model_get_n_items (G_LIST_MODEL (browser)) >= PARLOR_DISCOVERY_MAX_TABLES && round >= 20)
          break;
      }
    for (guint i = 0; i < 20; i++)
      g_socket_send_to (socket, to, (const char *) noise, 100 + i, NULL, NULL);
    net_test_sleep (300);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, PARLOR_DISCOVERY_MAX_TABLES);
    g_assert_cmpuint (parlor_browser_get_n_ignored (browser), >=, ignored + 20);
  }
}

/* ---- spoofers ----------------------------------------------------------- */

/* A socket sending from @address (any 127.x.y.z is this computer's
 * loopback: another "host" for the browser). */
static GSocket *
socket_from (const char *address)
{
  GSocket *socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                  G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr(GInetAddress) source = inet (address);
  g_autoptr(GSocketAddress) bind_to = g_inet_socket_address_new (source, 0);
  struct in_addr lo = { g_htonl (INADDR_LOOPBACK) };

  g_assert_true (g_socket_bind (socket, bind_to, FALSE, NULL));
  g_socket_set_blocking (socket, FALSE);
  g_assert_cmpint (setsockopt (g_socket_get_fd (socket), IPPROTO_IP, IP_MULTICAST_IF, &lo, sizeof lo), ==, 0);
  g_socket_set_multicast_ttl (socket, 1);

  return socket;
}

/* What anyone on the network learns by probing: a host's server id and
 * the records it answers with. */
static char *
probe_server_id (GSocket   *socket,
                 guint16    udp,
                 GPtrArray **records)
{
  g_autoptr(GBytes) probe = parlor_discovery_probe_new ();
  gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

  send_bytes (socket, udp, g_bytes_get_data (probe, NULL), g_bytes_get_size (probe));
  while (g_get_monotonic_time () < end)
    {
      guint8 buffer[2048];
      gssize got;

      g_main_context_iteration (NULL, FALSE);
      got = g_socket_receive (socket, (char *) buffer, sizeof buffer, NULL, NULL);
      if (got > 0)
        {
          ParlorDiscoveryHeader header = { 0 };
          char *id;

          g_assert_cmpint (parlor_discovery_parse (buffer, got, &header, records), ==, PARLOR_DISCOVERY_ANSWER);
          id = g_steal_pointer (&header.server);
          parlor_discovery_header_clear (&header);
          return id;
        }
      g_usleep (1000);
    }
  g_assert_not_reached ();
}

static void
send_kind (GSocket             *socket,
           guint16              udp,
           ParlorDiscoveryKind  kind,
           const char          *server_id,
           GPtrArray           *records)
{
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (PARLOR_DISCOVERY_GROUP);
  g_autoptr(GSocketAddress) to = g_inet_socket_address_new (group, udp);
  guint first = 0;

  do
    {
      g_autoptr(GBytes) bytes = parlor_discovery_encode (kind, server_id, 7412, records, &first,
                                                         PARLOR_DISCOVERY_MAX_DATAGRAM);

      g_assert_cmpint (g_socket_send_to (socket, to, g_bytes_get_data (bytes, NULL),
                                         g_bytes_get_size (bytes), NULL, NULL), >, 0);
    }
  while (kind != PARLOR_DISCOVERY_BYE && first < records->len);
}

typedef struct
{
  ParlorBrowser *browser;
  const char    *name;     /* a table of this name (NULL: any) */
  const char    *address;  /* at this address (NULL: any) */
} Lookup;

static ParlorFoundTable *
lookup (ParlorBrowser *browser,
        const char    *name,
        const char    *address)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (browser)); i++)
    {
      g_autoptr(ParlorFoundTable) item = g_list_model_get_item (G_LIST_MODEL (browser), i);

      if ((name == NULL || g_str_equal (parlor_found_table_get_record (item)->name, name)) &&
          (address == NULL || g_str_equal (parlor_found_table_get_address (item), address)))
        return g_steal_pointer (&item);
    }

  return NULL;
}

static gboolean
has_lookup (gpointer data)
{
  Lookup *want = data;
  g_autoptr(ParlorFoundTable) item = lookup (want->browser, want->name, want->address);

  return item != NULL;
}

static gboolean
has_no_items_matching (gpointer data)
{
  return !has_lookup (data);
}

/* Whoever re-announces a real table's id (it is in every announcement and
 * answer), from another address or with another port, adds a table of its
 * own at most: the real one keeps its address, and a `bye` in its server's
 * name from elsewhere does not take it off. */
static void
test_hijack (void)
{
  guint16 port = 0;
  guint16 udp = free_udp_port ();
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(ParlorBrowser) browser = parlor_browser_new ();
  g_autoptr(GSocket) here = socket_from ("127.0.0.1");
  g_autoptr(GSocket) elsewhere = socket_from ("127.0.0.2");
  g_autoptr(GPtrArray) real = NULL;
  g_autoptr(GPtrArray) marker = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorFoundTable) item = NULL;
  g_autofree char *server_id = NULL;
  g_autofree char *address = NULL;
  ParlorTableRecord *fake;
  Lookup want = { browser, "Marker", NULL };

  parlor_server_create_table (server, "toy", NULL, "Alice", &error);
  g_assert_no_error (error);
  g_assert_true (parlor_server_announce (server, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_true (parlor_browser_start (browser, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_no_error (error);
  g_assert_true (net_test_wait (has_items, browser, 2000));
  address = g_strdup_printf ("127.0.0.1:%u", port);

  server_id = probe_server_id (elsewhere, udp, &real);
  g_assert_cmpuint (real->len, ==, 1);
  fake = g_ptr_array_index (real, 0);
  g_free (fake->name);
  fake->name = g_strdup ("Mallory");
  /* The same table from another host, then from this one on another port. */
  send_kind (elsewhere, udp, PARLOR_DISCOVERY_ANNOUNCE, server_id, real);
  send_kind (elsewhere, udp, PARLOR_DISCOVERY_ANSWER, server_id, real);
  fake->port = port + 1;
  send_kind (here, udp, PARLOR_DISCOVERY_ANNOUNCE, server_id, real);
  send_kind (elsewhere, udp, PARLOR_DISCOVERY_BYE, server_id, real);
  /* All read once this is. */
  g_ptr_array_add (marker, sample_record ("1"));
  g_free (((ParlorTableRecord *) g_ptr_array_index (marker, 0))->name);
  ((ParlorTableRecord *) g_ptr_array_index (marker, 0))->name = g_strdup ("Marker");
  send_kind (elsewhere, udp, PARLOR_DISCOVERY_ANNOUNCE, "marker", marker);
  g_assert_true (net_test_wait (has_lookup, &want, 2000));

  item = lookup (browser, "Alice", NULL);
  g_assert_nonnull (item);
  g_assert_cmpstr (parlor_found_table_get_address (item), ==, address);
  g_assert_cmpuint (parlor_found_table_get_record (item)->port, ==, port);
  g_clear_object (&item);
  /* What the others said is listed where it came from. */
  item = lookup (browser, "Mallory", NULL);
  g_assert_nonnull (item);
  g_assert_cmpstr (parlor_found_table_get_address (item), !=, address);
  g_clear_object (&item);

  /* The real host's own `bye` still takes its table off at once. */
  parlor_server_stop (server);
  want.name = "Alice";
  want.address = address;
  g_assert_true (net_test_wait (has_no_items_matching, &want, 1000));
}

typedef struct
{
  GSocket   *sockets[2];
  GPtrArray *records;
  guint16    udp;
  guint      n_sent;
} Spoofer;

static gboolean
spoof (gpointer data)
{
  Spoofer *spoofer = data;

  for (guint s = 0; s < G_N_ELEMENTS (spoofer->sockets); s++)
    for (guint k = 0; k < 2; k++)
      {
        g_autofree char *server_id = g_strdup_printf ("spoof%u%u", s, k);

        send_kind (spoofer->sockets[s], spoofer->udp, PARLOR_DISCOVERY_ANNOUNCE, server_id, spoofer->records);
        spoofer->n_sent++;
      }

  return G_SOURCE_CONTINUE;
}

static gboolean
is_full (gpointer data)
{
  return g_list_model_get_n_items (data) >= PARLOR_DISCOVERY_MAX_FOUND - PARLOR_DISCOVERY_ANSWER_ROOM;
}

/* Spoofed announcements from two addresses fill what announcements may
 * fill; a real table opened afterwards still appears within a second or
 * two, as it answers the guest's probe. */
static void
test_starve (void)
{
  guint16 port = 0;
  guint16 udp = free_udp_port ();
  g_autoptr(ParlorBrowser) browser = parlor_browser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorServer) server = NULL;
  g_autofree char *address = NULL;
  Spoofer spoofer = { { socket_from ("127.0.0.2"), socket_from ("127.0.0.3") } };
  Lookup want = { browser, "Alice", NULL };
  guint spoof_id;
  gint64 opened;

  spoofer.udp = udp;
  spoofer.records = g_ptr_array_new_with_free_func ((GDestroyNotify) parlor_table_record_free);
  for (guint i = 0; i < PARLOR_DISCOVERY_MAX_TABLES; i++)
    {
      g_autofree char *id = g_strdup_printf ("%u", i + 1);

      g_ptr_array_add (spoofer.records, sample_record (id));
    }
  g_assert_true (parlor_browser_start (browser, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_no_error (error);
  spoof (&spoofer);
  spoof_id = g_timeout_add (100, spoof, &spoofer);
  g_assert_true (net_test_wait (is_full, browser, 20000));

  server = net_test_server_new (&port);
  address = g_strdup_printf ("127.0.0.1:%u", port);
  want.address = address;
  parlor_server_create_table (server, "toy", NULL, "Alice", &error);
  g_assert_no_error (error);
  opened = g_get_monotonic_time ();
  g_assert_true (parlor_server_announce (server, PARLOR_DISCOVERY_LOOPBACK, udp, &error));
  g_assert_true (net_test_wait (has_lookup, &want, 3000));
  g_test_message ("a real table appeared %.0f ms after it opened, among %u spoofed ones (%u spoofed "
                  "announcements of %u tables sent)", (g_get_monotonic_time () - opened) / 1000.0,
                  g_list_model_get_n_items (G_LIST_MODEL (browser)) - 1, spoofer.n_sent, spoofer.records->len);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), <=, PARLOR_DISCOVERY_MAX_FOUND);

  g_source_remove (spoof_id);
  g_ptr_array_unref (spoofer.records);
  g_object_unref (spoofer.sockets[0]);
  g_object_unref (spoofer.sockets[1]);
}

/* What one announcement costs a busy server: 250 tables described, 64 of
 * them encoded. */
static void
test_cost (void)
{
  guint16 port = 0;
  g_autoptr(ParlorServer) server = net_test_server_new (&port);
  g_autoptr(GError) error = NULL;
  gint64 begin;
  double per_call;
  guint n_datagrams = 0;

  for (guint i = 0; i < 250; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i);

      g_assert_nonnull (parlor_server_create_table (server, "toy", NULL, name, &error));
      g_assert_no_error (error);
    }
  begin = g_get_monotonic_time ();
  for (guint round = 0; round < 100; round++)
    {
      g_autoptr(GPtrArray) records = parlor_server_describe_tables (server);
      guint first = 0;

      g_assert_cmpuint (records->len, ==, PARLOR_DISCOVERY_MAX_TABLES);
      while (first < records->len)
        {
          g_autoptr(GBytes) bytes = parlor_discovery_encode (PARLOR_DISCOVERY_ANNOUNCE, "ab", port, records,
                                                             &first, PARLOR_DISCOVERY_MAX_DATAGRAM);

          g_assert_cmpuint (g_bytes_get_size (bytes), <=, PARLOR_DISCOVERY_MAX_DATAGRAM);
          n_datagrams++;
        }
    }
  per_call = (g_get_monotonic_time () - begin) / 100.0 / 1000.0;
  /* A figure to read, not a limit: timing belongs to the benchmarks. */
  g_test_message ("one announcement of a server with 250 tables: %.3f ms, %u datagrams", per_call,
                  n_datagrams / 100);
  g_assert_cmpuint (n_datagrams / 100, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/discovery/record/round-trip", test_record_round_trip);
  g_test_add_func ("/discovery/record/garbage", test_record_garbage);
  g_test_add_func ("/discovery/record/answer-size", test_answer_size);
  g_test_add_func ("/discovery/record/visible-name", test_visible_name);
  g_test_add_func ("/discovery/subnet-check", test_subnet_check);
  g_test_add_func ("/discovery/cost", test_cost);
  g_test_add_func ("/discovery/loopback/find", test_find_on_loopback);
  g_test_add_func ("/discovery/loopback/table-gone", test_table_gone);
  g_test_add_func ("/discovery/loopback/forget", test_forget);
  g_test_add_func ("/discovery/loopback/flood", test_flood);
  g_test_add_func ("/discovery/loopback/garbage", test_garbage);
  g_test_add_func ("/discovery/loopback/hijack", test_hijack);
  g_test_add_func ("/discovery/loopback/starve", test_starve);

  return g_test_run ();
}
