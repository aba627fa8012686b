/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-saved-game"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "parlor-app-games.h"
#include "parlor-line.h"
#include "parlor-replay.h"
#include "parlor-saved-game.h"
#include "parlor-table.h"

/* Set-aside files kept per game, the newest. */
#define MAX_SET_ASIDE 5

/* Bumped at each write, removal or setting aside by this app. */
static int write_serial;

char *
parlor_saved_game_get_path (const char *game_id)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (game_id != NULL, NULL);

  name = g_strconcat (game_id, ".replay", NULL);
  return g_build_filename (g_get_user_data_dir (), "parlor", "saved", name, NULL);
}

gboolean
parlor_saved_game_exists (const char *game_id)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (game_id != NULL, FALSE);

  path = parlor_saved_game_get_path (game_id);
  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

gboolean
parlor_saved_game_write (const char  *game_id,
                         GPtrArray   *records,
                         GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (game_id != NULL, FALSE);
  g_return_val_if_fail (records != NULL, FALSE);

  path = parlor_saved_game_get_path (game_id);
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }
  for (guint i = 0; i < records->len; i++)
    {
      g_string_append (text, g_ptr_array_index (records, i));
      g_string_append_c (text, '\n');
    }
  g_atomic_int_inc (&write_serial);
  /* A new file renamed over the old one: never half a game. */
  return g_file_set_contents_full (path, text->str, text->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

static char *
get_assisted_path (const char *game_id)
{
  g_autofree char *name = g_strconcat (game_id, ".assisted", NULL);

  return g_build_filename (g_get_user_data_dir (), "parlor", "saved", name, NULL);
}

void
parlor_saved_game_set_assisted (const char *game_id,
                                gboolean    assisted)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (game_id != NULL);

  path = get_assisted_path (game_id);
  if (!assisted)
    {
      if (g_unlink (path) != 0 && errno != ENOENT)
        g_debug ("Could not remove %s: %s", path, g_strerror (errno));
      return;
    }
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !g_file_set_contents_full (path, "", 0, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_debug ("Could not write %s: %s", path, error != NULL ? error->message : g_strerror (errno));
}

gboolean
parlor_saved_game_get_assisted (const char *game_id)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (game_id != NULL, FALSE);

  path = get_assisted_path (game_id);
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

void
parlor_saved_game_remove (const char *game_id)
{
  g_autofree char *path = NULL;

  g_return_if_fail (game_id != NULL);

  path = parlor_saved_game_get_path (game_id);
  g_atomic_int_inc (&write_serial);
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_debug ("Could not remove %s: %s", path, g_strerror (errno));
  parlor_saved_game_set_assisted (game_id, FALSE);
}

static const ParlorGameInfo *
lookup (const char *id)
{
  const ParlorAppGame *game = parlor_app_games_lookup (id);

  return game != NULL ? game->info : NULL;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Only the newest MAX_SET_ASIDE files set aside for @game_id are kept. */
static void
prune_set_aside (const char *dir,
                 const char *game_id)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *prefix = g_strconcat (game_id, "-", NULL);
  const char *name;

  if (listing == NULL)
    return;
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".replay.damaged"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i + MAX_SET_ASIDE < names->len; i++)
    {
      g_autofree char *old = g_build_filename (dir, g_ptr_array_index (names, i), NULL);

      if (g_unlink (old) != 0)
        g_debug ("Could not remove %s: %s", old, g_strerror (errno));
    }
}

/* <game-id>-<YYYYmmdd-HHMMSS>[-N].replay.damaged beside the saved game:
 * each kept, the oldest removed past MAX_SET_ASIDE. */
static void
set_aside_path (const char *path,
                const char *game_id)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *damaged = NULL;

  g_atomic_int_inc (&write_serial);
  for (guint n = 1; damaged == NULL || g_file_test (damaged, G_FILE_TEST_EXISTS); n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s-%s.replay.damaged", game_id, stamp)
                                     : g_strdup_printf ("%s-%s-%u.replay.damaged", game_id, stamp, n);

      g_free (damaged);
      damaged = g_build_filename (dir, name, NULL);
    }
  if (g_rename (path, damaged) != 0)
    {
      g_debug ("Could not set %s aside: %s", path, g_strerror (errno));
      g_unlink (path);
    }
  prune_set_aside (dir, game_id);
}

void
parlor_saved_game_set_aside (const char *game_id)
{
  g_autofree char *path = NULL;

  g_return_if_fail (game_id != NULL);

  path = parlor_saved_game_get_path (game_id);
  set_aside_path (path, game_id);
  parlor_saved_game_set_assisted (game_id, FALSE);
}

/* What the game screen can play on from: this game, of a version whose
 * actions it plays, one seat on this computer, the others computer players
 * of levels it has. Any other file is refused with what is wrong in words. */
static gboolean
check_playable (const ParlorGameInfo  *info,
                char                 **lines,
                GError               **error)
{
  guint n_local = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(ParlorLine) record = parlor_line_parse (lines[i], NULL);
      const char *type = record != NULL ? parlor_line_get_type (record) : "";

      if (g_str_equal (type, "game"))
        {
          gint64 version = 1;

          if (g_strcmp0 (parlor_line_get (record, "id"), info->id) != 0 ||
              (parlor_line_has (record, "version") &&
               !parlor_line_get_int (record, "version", 1, G_MAXINT, &version, NULL)) ||
              version < MAX (info->answers_recorded_since, 1))
            {
              g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_UNKNOWN_GAME,
                                   _("The saved game is from another version of Parlor: "
                                     "it was set aside"));
              return FALSE;
            }
        }
      else if (g_str_equal (type, "seat"))
        {
          const char *kind = parlor_line_get (record, "kind");
          const char *level = parlor_line_get (record, "level");

          if (g_strcmp0 (kind, "remote") == 0)
            {
              g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                                   _("The saved game has a player over the network, and only "
                                     "a game against the computer can be continued: it was set aside"));
              return FALSE;
            }
          if (g_strcmp0 (kind, "local") == 0 && ++n_local > 1)
            {
              g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                                   _("The saved game has more than one player at this computer, "
                                     "and only one can play on: it was set aside"));
              return FALSE;
            }
          if (g_strcmp0 (kind, "ai") == 0 && level != NULL && info->ai_levels != NULL &&
              !g_strv_contains (info->ai_levels, level))
            {
              g_set_error (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                           _("The saved game has a computer player of a level this Parlor does "
                             "not have (“%s”): it was set aside"), level);
              return FALSE;
            }
        }
    }
  if (n_local == 0)
    {
      g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                           _("The saved game has no player at this computer: it was set aside"));
      return FALSE;
    }
  return TRUE;
}

/* The records of @path once played again event for event and found
 * playable here; else NULL with, for a file to be set aside, a
 * PARLOR_REPLAY_ERROR in words for the player, or why it could not be read.
 * Safe in any thread: nothing is changed. */
static GStrv
read_playable (const char  *game_id,
               const char  *path,
               GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) lines = NULL;
  const ParlorGameInfo *info = lookup (game_id);
  guint n_games = 0;

  text = parlor_replay_read_file (path, NULL, &local_error);
  if (text == NULL && local_error->domain != PARLOR_REPLAY_ERROR)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  if (text != NULL && parlor_replay_verify (text, lookup, &n_games, &local_error) && n_games != 1)
    g_set_error_literal (&local_error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                         _("the file does not hold one game"));
  if (local_error != NULL)
    {
      /* What is wrong is for the developers; the player needs to know
       * the game is not lost for good but cannot go on. */
      g_debug ("%s: %s", path, local_error->message);
      g_set_error_literal (error, PARLOR_REPLAY_ERROR, local_error->code,
                           _("The saved game is damaged or from another version: "
                             "it was set aside"));
      return NULL;
    }

  /* The records as the verifier read them: each line stripped (a CR LF
   * file is the same file), the blank ones left out. */
  {
    g_auto(GStrv) split = g_strsplit (text, "\n", -1);
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

    for (guint i = 0; split[i] != NULL; i++)
      if (*g_strstrip (split[i]) != '\0')
        g_strv_builder_add (builder, split[i]);
    lines = g_strv_builder_end (builder);
  }
  if (info == NULL || !check_playable (info, lines, error))
    {
      g_debug ("%s: cannot be played on here", path);
      if (info == NULL)
        g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_UNKNOWN_GAME,
                             _("The saved game is damaged or from another version: "
                               "it was set aside"));
      return NULL;
    }
  return g_steal_pointer (&lines);
}

GStrv
parlor_saved_game_read (const char  *game_id,
                        GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) local_error = NULL;
  GStrv lines;

  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = parlor_saved_game_get_path (game_id);
  lines = read_playable (game_id, path, &local_error);
  if (lines == NULL)
    {
      if (local_error->domain == PARLOR_REPLAY_ERROR)
        {
          set_aside_path (path, game_id);
          parlor_saved_game_set_assisted (game_id, FALSE);
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return lines;
}

static gboolean
stat_path (const char           *path,
           guint                 serial,
           ParlorSavedGameStamp *stamp)
{
  GStatBuf buf;

  memset (stamp, 0, sizeof *stamp);
  if (g_stat (path, &buf) != 0)
    return FALSE;
  stamp->inode = buf.st_ino;
  stamp->mtime_ns = (gint64) buf.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + buf.st_mtim.tv_nsec;
  stamp->size = buf.st_size;
  stamp->serial = serial;
  return TRUE;
}

gboolean
parlor_saved_game_get_stamp (const char           *game_id,
                             ParlorSavedGameStamp *stamp)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (game_id != NULL, FALSE);
  g_return_val_if_fail (stamp != NULL, FALSE);

  path = parlor_saved_game_get_path (game_id);
  return stat_path (path, (guint) g_atomic_int_get (&write_serial), stamp);
}

gboolean
parlor_saved_game_stamp_equal (const ParlorSavedGameStamp *a,
                               const ParlorSavedGameStamp *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->inode == b->inode && a->mtime_ns == b->mtime_ns && a->size == b->size &&
         a->serial == b->serial;
}

typedef struct
{
  char                 *game_id;
  ParlorSavedGameStamp  stamp;
} CheckJob;

static void
check_job_free (gpointer data)
{
  CheckJob *job = data;

  g_free (job->game_id);
  g_free (job);
}

/* The file read is the one stamped when it is the same before and after. */
static gboolean
check_unchanged (const char     *path,
                 const CheckJob *job,
                 GError        **error)
{
  ParlorSavedGameStamp now;

  if (stat_path (path, job->stamp.serial, &now) && parlor_saved_game_stamp_equal (&now, &job->stamp))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, "%s changed while it was read", path);
  return FALSE;
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  CheckJob *job = task_data;
  g_autofree char *path = parlor_saved_game_get_path (job->game_id);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorTable) table = NULL;
  g_auto(GStrv) lines = NULL;

  if (!check_unchanged (path, job, &error) ||
      (lines = read_playable (job->game_id, path, &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* As a resume builds it. */
  table = parlor_table_new_from_record (lookup (job->game_id), (const char * const *) lines,
                                        g_strv_length (lines), -1, &error);
  if (table == NULL)
    {
      g_debug ("%s: %s", path, error->message);
      g_task_return_new_error (task, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX, "%s",
                               _("The saved game is damaged or from another version: "
                                 "it was set aside"));
      return;
    }
  if (!check_unchanged (path, job, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

void
parlor_saved_game_check_async (const char                 *game_id,
                               const ParlorSavedGameStamp *stamp,
                               GCancellable               *cancellable,
                               GAsyncReadyCallback         callback,
                               gpointer                    user_data)
{
  g_autoptr(GTask) task = NULL;
  CheckJob *job;

  g_return_if_fail (game_id != NULL);
  g_return_if_fail (stamp != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  job = g_new0 (CheckJob, 1);
  job->game_id = g_strdup (game_id);
  job->stamp = *stamp;
  g_task_set_task_data (task, job, check_job_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, check_thread);
}

gboolean
parlor_saved_game_check_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
