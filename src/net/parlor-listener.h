/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * The server's listening sockets, polled on the main loop. Unlike
 * GSocketService it backs off when the process runs out of descriptors
 * (EMFILE, ENFILE, ENOBUFS): it stops watching the sockets for a while
 * instead of failing accept() in a busy loop, warns at most once every
 * ten seconds, and asks its owner to free descriptors.
 */

typedef struct _ParlorListener ParlorListener;

typedef struct
{
  /* A new connection (non-blocking, owned by the callee). */
  void (*accepted) (GSocket  *socket,
                    gpointer  data);
  /* accept() failed for want of descriptors or memory; the listener
   * pauses. The owner may close connections it can spare. */
  void (*starved)  (gpointer  data);
} ParlorListenerHandler;

ParlorListener *parlor_listener_new        (const ParlorListenerHandler *handler,
                                            gpointer                     data);
void            parlor_listener_free       (ParlorListener              *self);
/* @address NULL: every interface (IPv6 and IPv4). @port 0 picks a free
 * one; the port bound is returned, 0 on error. */
guint16         parlor_listener_listen     (ParlorListener              *self,
                                            const char                  *address,
                                            guint16                      port,
                                            GError                     **error);
/* Times accept() ran out of descriptors since the start. */
guint64         parlor_listener_get_n_starved (ParlorListener           *self);
/* Whether the listener is paused after running out of descriptors. */
gboolean        parlor_listener_is_paused  (ParlorListener              *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ParlorListener, parlor_listener_free)

G_END_DECLS
