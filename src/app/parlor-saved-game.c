/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-saved-game"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "parlor-app-games.h"
#include "parlor-replay.h"
#include "parlor-saved-game.h"

/* A saved game is small; anything much bigger is not one. */
#define MAX_SIZE (8 * 1024 * 1024)

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

static void
set_aside_path (const char *path)
{
  g_autofree char *damaged = g_strconcat (path, ".damaged", NULL);

  if (g_rename (path, damaged) != 0)
    {
      g_debug ("Could not set %s aside: %s", path, g_strerror (errno));
      g_unlink (path);
    }
}

void
parlor_saved_game_set_aside (const char *game_id)
{
  g_autofree char *path = NULL;

  g_return_if_fail (game_id != NULL);

  path = parlor_saved_game_get_path (game_id);
  set_aside_path (path);
  parlor_saved_game_set_assisted (game_id, FALSE);
}

GStrv
parlor_saved_game_read (const char  *game_id,
                        GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  guint n_games = 0;

  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = parlor_saved_game_get_path (game_id);
  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;

  if (length > MAX_SIZE || !g_utf8_validate (text, length, NULL))
    g_set_error_literal (&local_error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                         _("the file is not a saved game"));
  else if (parlor_replay_verify (text, lookup, &n_games, &local_error) && n_games != 1)
    g_set_error_literal (&local_error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_SYNTAX,
                         _("the file does not hold one game"));

  if (local_error != NULL)
    {
      /* What is wrong is for the developers; the player needs to know
       * the game is not lost for good but cannot go on. */
      g_debug ("%s: %s", path, local_error->message);
      set_aside_path (path);
      g_set_error_literal (error, PARLOR_REPLAY_ERROR, local_error->code,
                           _("The saved game is damaged or from another version: "
                             "it was set aside"));
      return NULL;
    }
  return g_strsplit (text, "\n", -1);
}
