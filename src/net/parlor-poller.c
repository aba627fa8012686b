/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-poller"

#include "config.h"

#ifdef __linux__
#include <sys/epoll.h>
#define HAVE_EPOLL 1
#endif

#include "parlor-poller.h"

struct _ParlorPoller
{
  GSource    source;
  int        epfd;
  gpointer   tag;
  GPtrArray *flush;       /* ParlorPollerWatch*, a reference to each object */
};

static ParlorPoller *default_poller;

static gboolean
poller_prepare (GSource *source,
                int     *timeout)
{
  ParlorPoller *self = (ParlorPoller *) source;

  *timeout = self->flush->len > 0 ? 0 : -1;
  return self->flush->len > 0;
}

static gboolean
poller_check (GSource *source)
{
  ParlorPoller *self = (ParlorPoller *) source;

  if (self->flush->len > 0)
    return TRUE;
#ifdef HAVE_EPOLL
  if (self->tag != NULL && (g_source_query_unix_fd (source, self->tag) & G_IO_IN) != 0)
    return TRUE;
#endif
  return FALSE;
}

/* Writes what every object queued since the last flush, in one go each. */
static void
poller_flush (ParlorPoller *self)
{
  g_autoptr(GPtrArray) flush = NULL;

  if (self->flush->len == 0)
    return;

  flush = g_steal_pointer (&self->flush);
  self->flush = g_ptr_array_new ();
  for (guint i = 0; i < flush->len; i++)
    {
      ParlorPollerWatch *watch = g_ptr_array_index (flush, i);
      GObject *object = watch->object;

      watch->flush (object);
      g_object_unref (object);
    }
}

#ifdef HAVE_EPOLL
static GIOCondition
condition_from_epoll (guint32 events)
{
  return ((events & EPOLLIN) ? G_IO_IN : 0) | ((events & EPOLLOUT) ? G_IO_OUT : 0) |
         ((events & EPOLLHUP) ? G_IO_HUP : 0) | ((events & EPOLLERR) ? G_IO_ERR : 0);
}

static guint32
epoll_from_condition (GIOCondition condition)
{
  return ((condition & G_IO_IN) ? EPOLLIN : 0) | ((condition & G_IO_OUT) ? EPOLLOUT : 0);
}
#endif

static gboolean
poller_dispatch (GSource     *source,
                 GSourceFunc  callback,
                 gpointer     data)
{
  ParlorPoller *self = (ParlorPoller *) source;

  poller_flush (self);

#ifdef HAVE_EPOLL
  {
    struct epoll_event events[256];
    int n = epoll_wait (self->epfd, events, G_N_ELEMENTS (events), 0);

    /* A callback may drop another object of this batch: hold them all. */
    for (int i = 0; i < n; i++)
      g_object_ref (((ParlorPollerWatch *) events[i].data.ptr)->object);
    for (int i = 0; i < n; i++)
      {
        ParlorPollerWatch *watch = events[i].data.ptr;

        watch->ready (watch->object, condition_from_epoll (events[i].events));
      }
    for (int i = 0; i < n; i++)
      g_object_unref (((ParlorPollerWatch *) events[i].data.ptr)->object);
  }

  /* Answers to what was just read leave in this same turn. */
  poller_flush (self);
#endif

  return G_SOURCE_CONTINUE;
}

static GSourceFuncs poller_funcs = {
  poller_prepare,
  poller_check,
  poller_dispatch,
  NULL, NULL, NULL,
};

ParlorPoller *
parlor_poller_get_default (void)
{
  if (g_main_context_get_thread_default () != NULL &&
      g_main_context_get_thread_default () != g_main_context_default ())
    return NULL;

  if (default_poller == NULL)
    {
      GSource *source = g_source_new (&poller_funcs, sizeof (ParlorPoller));

      default_poller = (ParlorPoller *) source;
      default_poller->flush = g_ptr_array_new ();
      default_poller->epfd = -1;
#ifdef HAVE_EPOLL
      default_poller->epfd = epoll_create1 (EPOLL_CLOEXEC);
      if (default_poller->epfd >= 0)
        default_poller->tag = g_source_add_unix_fd (source, default_poller->epfd, G_IO_IN);
#endif
      g_source_set_name (source, "ParlorConnection poller");
      /* Else every dispatch takes the epoll fd out of the poll set and puts
       * it back, and each of those wakes the context with a write. */
      g_source_set_can_recurse (source, TRUE);
      g_source_attach (source, g_main_context_default ());
    }

  return default_poller;
}

gboolean
parlor_poller_add (ParlorPoller      *self,
                   int                fd,
                   GIOCondition       condition,
                   ParlorPollerWatch *watch)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (watch != NULL, FALSE);

#ifdef HAVE_EPOLL
  if (self->epfd >= 0)
    {
      struct epoll_event event = { .events = epoll_from_condition (condition), .data.ptr = watch };

      return epoll_ctl (self->epfd, EPOLL_CTL_ADD, fd, &event) == 0;
    }
#endif
  return FALSE;
}

void
parlor_poller_modify (ParlorPoller      *self,
                      int                fd,
                      GIOCondition       condition,
                      ParlorPollerWatch *watch)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (watch != NULL);

#ifdef HAVE_EPOLL
  {
    struct epoll_event event = { .events = epoll_from_condition (condition), .data.ptr = watch };

    epoll_ctl (self->epfd, EPOLL_CTL_MOD, fd, &event);
  }
#endif
}

void
parlor_poller_remove (ParlorPoller *self,
                      int           fd)
{
  g_return_if_fail (self != NULL);

#ifdef HAVE_EPOLL
  epoll_ctl (self->epfd, EPOLL_CTL_DEL, fd, NULL);
#endif
}

void
parlor_poller_queue_flush (ParlorPoller      *self,
                           ParlorPollerWatch *watch)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (watch != NULL);

  g_object_ref (watch->object);
  g_ptr_array_add (self->flush, watch);
}
