/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-recorder"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-pending.h"
#include "parlor-records.h"
#include "parlor-recorder.h"

/* One commit at a time: a game's own and the retries never race. */
static GMutex commit_lock;
static guint retry_id;

/* Seconds between tries while games are pending. */
#define RETRY_SECONDS 2

static void schedule_retry (void);

typedef struct
{
  char   *path;
  char   *replay_path;
  char   *notice;
  gint64  id;
} Write;

static void
write_free (gpointer data)
{
  Write *w = data;

  g_free (w->path);
  g_free (w->replay_path);
  g_free (w->notice);
  g_free (w);
}

static void
write_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  Write *w = data;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_mutex_lock (&commit_lock);
  ok = parlor_pending_commit (w->path, NULL, NULL, &w->id, &w->replay_path, &w->notice, &error);
  g_mutex_unlock (&commit_lock);
  if (ok)
    g_task_return_int (task, w->id);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

typedef struct
{
  GAsyncReadyCallback callback;
  gpointer            user_data;
} Done;

static void
on_written (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Done *done = data;
  Write *w = g_task_get_task_data (G_TASK (result));

  if (g_file_test (w->path, G_FILE_TEST_EXISTS))
    schedule_retry ();
  if (done->callback != NULL)
    done->callback (source, result, done->user_data);
  g_free (done);
}

gboolean
parlor_recorder_write_async (ParlorGameRecord    *record,
                             char                *replay,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data,
                             GError             **error)
{
  g_autoptr(ParlorGameRecord) owned = record;
  g_autofree char *text = replay;
  g_autoptr(GTask) task = NULL;
  Write *w;
  Done *done;

  g_return_val_if_fail (record != NULL, FALSE);

  w = g_new0 (Write, 1);
  w->id = -1;
  w->path = parlor_pending_save (NULL, owned, text, error);
  if (w->path == NULL)
    {
      write_free (w);
      return FALSE;
    }
  done = g_new0 (Done, 1);
  done->callback = callback;
  done->user_data = user_data;
  task = g_task_new (NULL, cancellable, on_written, done);
  g_task_set_task_data (task, w, write_free);
  g_task_run_in_thread (task, write_thread);
  return TRUE;
}

gint64
parlor_recorder_write_finish (GAsyncResult  *result,
                              char         **notice,
                              char         **replay_path,
                              GError       **error)
{
  Write *w;

  g_return_val_if_fail (g_task_is_valid (result, NULL), -1);

  w = g_task_get_task_data (G_TASK (result));
  if (notice != NULL)
    *notice = g_strdup (w->notice);
  if (replay_path != NULL)
    *replay_path = g_strdup (w->replay_path);
  return g_task_propagate_int (G_TASK (result), error);
}

static void
drain_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  guint left;

  g_mutex_lock (&commit_lock);
  left = parlor_pending_commit_all (NULL, NULL, NULL, &error);
  g_mutex_unlock (&commit_lock);
  if (error != NULL)
    g_debug ("%u finished games wait for the records: %s", left, error->message);
  g_task_return_int (task, left);
}

static void
on_drained (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  if (g_task_propagate_int (G_TASK (result), NULL) > 0)
    schedule_retry ();
  if (data != NULL)
    g_application_release (data);
}

static void
drain (void)
{
  GApplication *app = g_application_get_default ();
  g_autoptr(GTask) task = NULL;

  /* Quitting waits for a write under way, not for the next try. */
  if (app != NULL)
    g_application_hold (app);
  task = g_task_new (NULL, NULL, on_drained, app);
  g_task_run_in_thread (task, drain_thread);
}

static gboolean
on_retry (gpointer data)
{
  retry_id = 0;
  drain ();
  return G_SOURCE_REMOVE;
}

static void
schedule_retry (void)
{
  if (retry_id == 0)
    retry_id = g_timeout_add_seconds (RETRY_SECONDS, on_retry, NULL);
}

void
parlor_recorder_finish_pending (void)
{
  g_autofree char *saved_dir = g_build_filename (g_get_user_data_dir (), "parlor", "saved", NULL);
  g_autoptr(GPtrArray) pending = NULL;

  parlor_pending_tidy (NULL, saved_dir);
  pending = parlor_pending_list (NULL);
  if (pending->len > 0)
    drain ();
}

guint
parlor_recorder_count_pending (void)
{
  g_autoptr(GPtrArray) pending = parlor_pending_list (NULL);

  return pending->len;
}

static void
keep_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  char **job = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = parlor_records_keep_replay (NULL, job[0], job[1], &error);

  if (path == NULL)
    g_debug ("The unfinished game was not kept: %s", error->message);
  g_task_return_boolean (task, path != NULL);
}

static void
on_kept (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_application_release (g_application_get_default ());
}

void
parlor_recorder_keep_unfinished (const char *game_id,
                                 char       *text)
{
  g_autoptr(GTask) task = NULL;
  char **job;

  g_return_if_fail (game_id != NULL && text != NULL);

  job = g_new0 (char *, 3);
  job[0] = g_strdup (game_id);
  job[1] = text;
  g_application_hold (g_application_get_default ());
  task = g_task_new (NULL, NULL, on_kept, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, keep_thread);
}
