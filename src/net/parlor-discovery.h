/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-discovery-record.h"

G_BEGIN_DECLS

/*
 * Finding LAN tables without typing an address (docs/protocol.md, "Finding
 * tables"). IPv4 UDP with GSocket, no other service needed.
 *
 * ParlorAnnouncer (a host): answers probes by unicast with its open
 * tables, and announces them to the group every two seconds and soon after
 * they change; says `bye` when it stops. Answers go only to senders on a
 * subnet of one of this machine's interfaces (or loopback), are never
 * larger than the probe, and are rate-limited per sender and in all.
 *
 * ParlorBrowser (a guest): a GListModel of ParlorFoundTable. Probes the
 * group on every IPv4 interface that is up and multicast-capable (and
 * loopback), and 127.0.0.1 by unicast; lists what hosts answer and
 * announce, and forgets a table not heard of for six seconds. A table is
 * known by its server, its id, its port and the address it was heard
 * from: nothing another host sends changes where it is.
 *
 * Scope: PARLOR_DISCOVERY_ALL is the real thing; PARLOR_DISCOVERY_LOOPBACK
 * keeps every datagram on the loopback interface (tests); OFF sends
 * nothing. parlor_discovery_default_scope() reads PARLOR_DISCOVERY
 * ("all", "loopback", "off"; default all) and
 * parlor_discovery_default_port() PARLOR_DISCOVERY_PORT.
 */

typedef enum
{
  PARLOR_DISCOVERY_ALL,
  PARLOR_DISCOVERY_LOOPBACK,
  PARLOR_DISCOVERY_OFF,
} ParlorDiscoveryScope;

/* How often a host announces, and how long a guest keeps a table unheard. */
#define PARLOR_DISCOVERY_ANNOUNCE_MS 2000
#define PARLOR_DISCOVERY_FORGET_MS 6000
/* Tables one host announces at most (open ones first). */
#define PARLOR_DISCOVERY_MAX_TABLES 64
/* Tables a browser keeps at most, and of those the room only tables that
 * answer its own probes may take: announcements alone cannot fill it, and
 * a table that answers takes the place of one only announced if need be.
 * One address gets PARLOR_DISCOVERY_MAX_TABLES of them at most. */
#define PARLOR_DISCOVERY_MAX_FOUND 128
#define PARLOR_DISCOVERY_ANSWER_ROOM 32
/* Answers: per sender a burst of 4, then 2 a second; 32 a second in all. */
#define PARLOR_DISCOVERY_SOURCE_BURST 4
#define PARLOR_DISCOVERY_SOURCE_RATE 2
#define PARLOR_DISCOVERY_TOTAL_RATE 32
/* Senders whose rate is tracked at most. */
#define PARLOR_DISCOVERY_MAX_SOURCES 256

ParlorDiscoveryScope parlor_discovery_default_scope (void);
guint16              parlor_discovery_default_port  (void);

/* An IPv4 subnet, in host byte order. */
typedef struct
{
  guint32 address;
  guint32 mask;
} ParlorSubnet;

/* The subnets of this machine's IPv4 interfaces that are up (address: the
 * interface's own). */
GArray   *parlor_discovery_local_subnets   (void);
/* Whether @source may get an answer: loopback, or inside one of
 * @subnets (ParlorSubnet; masks shorter than /8 are not trusted). */
gboolean  parlor_discovery_source_is_local (GInetAddress *source,
                                            GArray       *subnets);

/* ---- host --------------------------------------------------------------- */

/* The tables to announce now (ParlorTableRecord*, owned by the caller). */
typedef GPtrArray *(*ParlorAnnouncerTables) (gpointer data);

#define PARLOR_TYPE_ANNOUNCER (parlor_announcer_get_type ())
G_DECLARE_FINAL_TYPE (ParlorAnnouncer, parlor_announcer, PARLOR, ANNOUNCER, GObject)

ParlorAnnouncer *parlor_announcer_new     (ParlorAnnouncerTables  tables,
                                           gpointer               data,
                                           guint16                tcp_port);
/* Opens the UDP socket on @port (0: the default). */
gboolean         parlor_announcer_start   (ParlorAnnouncer       *self,
                                           ParlorDiscoveryScope   scope,
                                           guint16                port,
                                           GError               **error);
/* The tables changed: announce them soon (at most four times a second). */
void             parlor_announcer_changed (ParlorAnnouncer       *self);
/* Says `bye` and closes the socket. */
void             parlor_announcer_stop    (ParlorAnnouncer       *self);
gboolean         parlor_announcer_is_running (ParlorAnnouncer    *self);
/* Probes read, answered, refused (a sender off the local subnets, a
 * privileged port) and left unanswered for the rate limits. */
void             parlor_announcer_get_stats (ParlorAnnouncer     *self,
                                           guint64               *n_probes,
                                           guint64               *n_answers,
                                           guint64               *n_refused,
                                           guint64               *n_limited);
/* For tests: the local subnets the announcer trusts (ParlorSubnet). */
void             parlor_announcer_set_subnets (ParlorAnnouncer   *self,
                                           GArray                *subnets);

/* ---- guest -------------------------------------------------------------- */

#define PARLOR_TYPE_FOUND_TABLE (parlor_found_table_get_type ())
G_DECLARE_FINAL_TYPE (ParlorFoundTable, parlor_found_table, PARLOR, FOUND_TABLE, GObject)

/* A table found on the network; "notify" tells of every change. */
const ParlorTableRecord *parlor_found_table_get_record  (ParlorFoundTable *self);
/* "HOST:PORT" to connect to (the address the host was heard from). */
const char              *parlor_found_table_get_address (ParlorFoundTable *self);
guint                    parlor_found_table_get_free_seats (ParlorFoundTable *self);

#define PARLOR_TYPE_BROWSER (parlor_browser_get_type ())
G_DECLARE_FINAL_TYPE (ParlorBrowser, parlor_browser, PARLOR, BROWSER, GObject)

ParlorBrowser *parlor_browser_new   (void);
/* Listens on @port (0: the default) and sends the first probes. */
gboolean       parlor_browser_start (ParlorBrowser         *self,
                                     ParlorDiscoveryScope   scope,
                                     guint16                port,
                                     GError               **error);
void           parlor_browser_stop  (ParlorBrowser         *self);
/* Probes again now. */
void           parlor_browser_probe (ParlorBrowser         *self);
/* Datagrams read that were not valid answers or announcements. */
guint64        parlor_browser_get_n_ignored (ParlorBrowser *self);

G_END_DECLS
