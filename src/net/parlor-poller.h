/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/*
 * With a thousand connections, one GSource per socket makes every main-loop
 * turn cost a thousand prepare/check calls and a poll() over every fd. The
 * poller is one source for all of them: an epoll set on Linux, and the list
 * of objects whose queued output should be written at the end of this turn
 * (lines sent in one turn leave in one write).
 */

typedef struct _ParlorPoller ParlorPoller;

/* How the poller calls back an object it watches; the object embeds it, and
 * is referenced while it is called. */
typedef struct
{
  GObject *object;
  /* The object's socket is ready: G_IO_IN, G_IO_OUT, G_IO_HUP, G_IO_ERR. */
  void   (*ready) (GObject      *object,
                   GIOCondition  condition);
  /* The object's turn to write what it queued (parlor_poller_queue_flush). */
  void   (*flush) (GObject      *object);
} ParlorPollerWatch;

/* The poller of the global default main context, or NULL when this thread
 * runs another context (then each connection needs its own sources). */
ParlorPoller *parlor_poller_get_default (void);

/* Watches @fd for @condition (G_IO_IN, G_IO_OUT) until removed; FALSE if
 * the poller cannot (no epoll, or it refuses the fd). */
gboolean      parlor_poller_add         (ParlorPoller      *self,
                                         int                fd,
                                         GIOCondition       condition,
                                         ParlorPollerWatch *watch);
void          parlor_poller_modify      (ParlorPoller      *self,
                                         int                fd,
                                         GIOCondition       condition,
                                         ParlorPollerWatch *watch);
void          parlor_poller_remove      (ParlorPoller      *self,
                                         int                fd);
/* Calls watch->flush at the end of this main-loop turn, holding a reference
 * to the object until then. */
void          parlor_poller_queue_flush (ParlorPoller      *self,
                                         ParlorPollerWatch *watch);

G_END_DECLS
