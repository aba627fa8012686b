/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-recorder"

#include "config.h"

#include <glib/gi18n.h>

#include "parlor-records.h"
#include "parlor-recorder.h"

typedef struct
{
  ParlorGameRecord *record;
  char             *replay;
  char             *replay_path;
  char             *notice;
  gint64            id;
} Write;

static void
write_free (gpointer data)
{
  Write *w = data;

  parlor_game_record_free (w->record);
  g_free (w->replay);
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
  g_autoptr(ParlorRecords) records = NULL;

  /* The replay first, so that the record can point at it. */
  if (w->replay != NULL)
    {
      w->record->replay = parlor_records_keep_replay (NULL, w->record->game_id, w->replay, &error);
      if (w->record->replay == NULL)
        {
          g_debug ("The replay was not kept: %s", error->message);
          g_clear_error (&error);
        }
      w->replay_path = g_strdup (w->record->replay);
    }

  records = parlor_records_open (NULL, &error);
  if (records == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  w->notice = g_strdup (parlor_records_get_notice (records));
  if (parlor_records_is_newer (records))
    {
      /* The notice says it; nothing more to tell. */
      g_task_return_int (task, -1);
      return;
    }
  if (!parlor_records_add (records, w->record, &w->id, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_int (task, w->id);
}

void
parlor_recorder_write_async (ParlorGameRecord    *record,
                             char                *replay,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Write *w;

  g_return_if_fail (record != NULL);

  w = g_new0 (Write, 1);
  w->record = record;
  w->replay = replay;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_task_data (task, w, write_free);
  g_task_run_in_thread (task, write_thread);
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
