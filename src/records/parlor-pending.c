/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-pending"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "parlor-pending.h"
#include "parlor-records.h"
#include "parlor-replay.h"

#define GROUP "game"

char *
parlor_pending_get_default_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "parlor", "pending", NULL);
}

static gboolean
make_dir (const char  *dir,
          GError     **error)
{
  if (g_mkdir_with_parents (dir, 0700) == 0)
    return TRUE;
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", dir,
               g_strerror (errno));
  return FALSE;
}

static gboolean
save_key_file (GKeyFile    *kf,
               const char  *path,
               GError     **error)
{
  gsize length;
  g_autofree char *text = g_key_file_to_data (kf, &length, NULL);

  return g_file_set_contents_full (path, text, (gssize) length, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error);
}

char *
parlor_pending_save (const char        *dir,
                     ParlorGameRecord  *record,
                     const char        *replay,
                     GError           **error)
{
  g_autofree char *default_dir = NULL;
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  int kinds[PARLOR_RECORD_MAX_SEATS];

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (record->result != NULL, NULL);

  if (dir == NULL)
    dir = default_dir = parlor_pending_get_default_dir ();
  if (!make_dir (dir, error))
    return NULL;
  if (record->key == NULL)
    record->key = g_uuid_string_random ();

  for (guint s = 0; s < record->n_seats; s++)
    kinds[s] = record->seats[s].kind;
  g_key_file_set_string (kf, GROUP, "id", record->game_id);
  g_key_file_set_string (kf, GROUP, "key", record->key);
  g_key_file_set_int64 (kf, GROUP, "date", record->date);
  g_key_file_set_integer (kf, GROUP, "seat", record->seat);
  g_key_file_set_integer_list (kf, GROUP, "kinds", kinds, record->n_seats);
  g_key_file_set_integer (kf, GROUP, "strength", record->strength);
  g_key_file_set_boolean (kf, GROUP, "assisted", record->assisted);
  g_key_file_set_string_list (kf, GROUP, "events",
                              (const char * const *) record->events->pdata, record->events->len);
  g_key_file_set_string (kf, GROUP, "result", record->result);
  if (replay != NULL)
    g_key_file_set_string (kf, GROUP, "replay", replay);

  /* The date first, so that a listing sorted by name is oldest first. */
  name = g_strdup_printf ("%012" G_GINT64_FORMAT "-%s-%s.pending", MAX (record->date, 0),
                          record->game_id, record->key);
  path = g_build_filename (dir, name, NULL);
  if (!save_key_file (kf, path, error))
    return NULL;
  return g_steal_pointer (&path);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
parlor_pending_list (const char *dir)
{
  g_autofree char *default_dir = NULL;
  g_autoptr(GDir) d = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    dir = default_dir = parlor_pending_get_default_dir ();
  d = g_dir_open (dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".pending"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (paths, g_build_filename (dir, g_ptr_array_index (names, i), NULL));
  return paths;
}

static GKeyFile *
load (const char  *path,
      GError     **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *text = NULL;
  gsize length;

  /* The replays' reader: a regular file, bounded, never a pipe's wait. */
  text = parlor_replay_read_file (path, &length, error);
  if (text == NULL)
    return NULL;
  if (!g_key_file_load_from_data (kf, text, length, G_KEY_FILE_NONE, error))
    {
      g_clear_error (error);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not a finished game", path);
      return NULL;
    }
  return g_steal_pointer (&kf);
}

char *
parlor_pending_dup_replay (const char *path)
{
  g_autoptr(GKeyFile) kf = load (path, NULL);

  return kf != NULL ? g_key_file_get_string (kf, GROUP, "replay", NULL) : NULL;
}

/* The record a pending file holds, or NULL if it does not hold one. */
static ParlorGameRecord *
rebuild (GKeyFile  *kf,
         GError   **error)
{
  g_autoptr(ParlorGameRecord) record = NULL;
  g_autofree char *id = g_key_file_get_string (kf, GROUP, "id", NULL);
  g_autofree char *result = g_key_file_get_string (kf, GROUP, "result", NULL);
  g_autofree int *kinds = NULL;
  g_auto(GStrv) events = NULL;
  gsize n_seats = 0;
  int seat;

  kinds = g_key_file_get_integer_list (kf, GROUP, "kinds", &n_seats, NULL);
  seat = g_key_file_get_integer (kf, GROUP, "seat", NULL);
  if (id == NULL || result == NULL || kinds == NULL || n_seats < 1 ||
      n_seats > PARLOR_RECORD_MAX_SEATS || seat < 0 || (gsize) seat >= n_seats)
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "not a finished game");
      return NULL;
    }
  record = parlor_game_record_new (id, (guint) n_seats, seat);
  for (gsize s = 0; s < n_seats; s++)
    if ((int) s != seat)
      parlor_game_record_set_seat_kind (record, (guint) s,
                                        CLAMP (kinds[s], PARLOR_RECORD_SEAT_COMPUTER,
                                               PARLOR_RECORD_SEAT_HUMAN));
  events = g_key_file_get_string_list (kf, GROUP, "events", NULL, NULL);
  for (guint i = 0; events != NULL && events[i] != NULL; i++)
    parlor_game_record_add_event (record, events[i]);
  if (!parlor_game_record_set_result (record, result, error))
    return NULL;
  record->key = g_key_file_get_string (kf, GROUP, "key", NULL);
  record->date = g_key_file_get_int64 (kf, GROUP, "date", NULL);
  record->strength = g_key_file_get_integer (kf, GROUP, "strength", NULL);
  record->assisted = g_key_file_get_boolean (kf, GROUP, "assisted", NULL);
  record->replay = g_key_file_get_string (kf, GROUP, "replay-path", NULL);
  if (record->key == NULL)
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "not a finished game");
      return NULL;
    }
  return g_steal_pointer (&record);
}

static void
set_aside (const char *path)
{
  g_autofree char *damaged = g_strconcat (path, ".damaged", NULL);

  if (g_rename (path, damaged) != 0)
    g_unlink (path);
}

gboolean
parlor_pending_commit (const char  *path,
                       const char  *records_path,
                       const char  *replay_dir,
                       gint64      *id,
                       char       **replay_path,
                       char       **notice,
                       GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GKeyFile) kf = NULL;
  g_autoptr(ParlorGameRecord) record = NULL;
  g_autoptr(ParlorRecords) records = NULL;
  g_autofree char *replay = NULL;
  gint64 game_id = -1;

  g_return_val_if_fail (path != NULL, FALSE);

  if (id != NULL)
    *id = -1;
  if (replay_path != NULL)
    *replay_path = NULL;
  if (notice != NULL)
    *notice = NULL;

  kf = load (path, &local_error);
  if (kf == NULL && g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    return TRUE;   /* Committed already. */
  if (kf != NULL)
    record = rebuild (kf, &local_error);
  if (record == NULL)
    {
      g_debug ("%s: %s", path, local_error->message);
      set_aside (path);
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                           _("A finished game waiting for the records was damaged: "
                             "it was set aside"));
      return FALSE;
    }

  /* The replay first, so that the record can point at it; once. */
  replay = g_key_file_get_string (kf, GROUP, "replay", NULL);
  if (replay != NULL && record->replay == NULL)
    {
      record->replay = parlor_records_keep_replay (replay_dir, record->game_id, replay,
                                                   &local_error);
      if (record->replay == NULL)
        {
          g_debug ("The replay was not kept: %s", local_error->message);
          g_clear_error (&local_error);
        }
      else
        {
          g_key_file_set_string (kf, GROUP, "replay-path", record->replay);
          if (!save_key_file (kf, path, &local_error))
            {
              g_debug ("%s: %s", path, local_error->message);
              g_clear_error (&local_error);
            }
        }
    }
  if (replay_path != NULL)
    *replay_path = g_strdup (record->replay);

  records = parlor_records_open (records_path, error);
  if (records == NULL)
    return FALSE;
  if (notice != NULL)
    *notice = g_strdup (parlor_records_get_notice (records));
  /* A newer Parlor's records are not written: its notice says so. */
  if (!parlor_records_is_newer (records) &&
      !parlor_records_add (records, record, &game_id, error))
    return FALSE;
  if (g_unlink (path) != 0 && errno != ENOENT)
    g_debug ("Could not remove %s: %s", path, g_strerror (errno));
  if (id != NULL)
    *id = game_id;
  return TRUE;
}

void
parlor_pending_remove_temporaries (const char *dir,
                                   const char *suffix)
{
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_return_if_fail (dir != NULL && suffix != NULL);

  d = g_dir_open (dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      size_t len = strlen (name);
      const char *tail = name + len - 7;
      gboolean temporary = len > 7 + strlen (suffix) && tail[0] == '.';

      /* g_file_set_contents() writes NAME.XXXXXX, then renames it to NAME. */
      for (guint i = 1; temporary && i < 7; i++)
        temporary = g_ascii_isalnum (tail[i]);
      if (temporary && strncmp (tail - strlen (suffix), suffix, strlen (suffix)) == 0)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);

          if (g_unlink (path) != 0)
            g_debug ("Could not remove %s: %s", path, g_strerror (errno));
        }
    }
}

guint
parlor_pending_commit_all (const char  *dir,
                           const char  *records_path,
                           const char  *replay_dir,
                           GError     **error)
{
  g_autoptr(GPtrArray) paths = parlor_pending_list (dir);
  guint left = 0;

  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      const char *path = g_ptr_array_index (paths, i);

      if (parlor_pending_commit (path, records_path, replay_dir, NULL, NULL, NULL, &local_error))
        continue;
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        left++;
      if (error != NULL && *error == NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return left;
}

void
parlor_pending_tidy (const char *dir,
                     const char *saved_dir)
{
  g_autofree char *default_dir = NULL;
  g_autoptr(GPtrArray) paths = NULL;

  g_return_if_fail (saved_dir != NULL);

  if (dir == NULL)
    dir = default_dir = parlor_pending_get_default_dir ();
  parlor_pending_remove_temporaries (dir, ".pending");
  parlor_pending_remove_temporaries (saved_dir, ".replay");
  paths = parlor_pending_list (dir);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(GKeyFile) kf = load (g_ptr_array_index (paths, i), NULL);
      g_autofree char *id = kf != NULL ? g_key_file_get_string (kf, GROUP, "id", NULL) : NULL;
      g_autofree char *replay = kf != NULL ? g_key_file_get_string (kf, GROUP, "replay", NULL)
                                           : NULL;
      g_autofree char *name = NULL;
      g_autofree char *saved_path = NULL;
      g_autofree char *saved = NULL;

      if (id == NULL || replay == NULL || strchr (id, '/') != NULL || id[0] == '.')
        continue;
      name = g_strconcat (id, ".replay", NULL);
      saved_path = g_build_filename (saved_dir, name, NULL);
      /* The same game, up to a move or so before its end. */
      saved = parlor_replay_read_file (saved_path, NULL, NULL);
      if (saved != NULL && saved[0] != '\0' &&
          g_str_has_prefix (replay, saved))
        {
          g_autofree char *assisted = g_strconcat (id, ".assisted", NULL);
          g_autofree char *assisted_path = g_build_filename (saved_dir, assisted, NULL);

          g_unlink (saved_path);
          g_unlink (assisted_path);
        }
    }
}
