/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-discovery.h"

G_BEGIN_DECLS

/* Datagrams read in one main-loop turn, so a flood cannot hold the loop. */
#define PARLOR_DISCOVERY_READ_BATCH 32

/* What the announcer and the browser share: their UDP socket on the shared
 * port, the group, sending, receiving and whether discovery is on. */
GSocket  *parlor_discovery_open_socket   (const char            *address,
                                          guint16                port,
                                          GError               **error);
/* Joins the group on each interface of @scope not yet in @joined (interface
 * names) and, unless @subnets is NULL, sets *@subnets to this computer's
 * subnets anew: what either side does before it speaks. */
void      parlor_discovery_refresh       (GSocket               *socket,
                                          GHashTable            *joined,
                                          ParlorDiscoveryScope   scope,
                                          GArray               **subnets);
void      parlor_discovery_send_to_group (GSocket               *socket,
                                          ParlorDiscoveryScope   scope,
                                          guint16                port,
                                          GBytes                *bytes);
void      parlor_discovery_send_to       (GSocket               *socket,
                                          GSocketAddress        *to,
                                          GBytes                *bytes);
gssize    parlor_discovery_receive_one   (GSocket               *socket,
                                          guint8                *buffer,
                                          GSocketAddress       **from);
gboolean  parlor_discovery_scope_allows  (ParlorDiscoveryScope   scope,
                                          GError               **error);

G_END_DECLS
