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

/* Set-aside files kept per game, the newest. */
#define MAX_SET_ASIDE 5

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

GStrv
parlor_saved_game_read (const char  *game_id,
                        GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) lines = NULL;
  const ParlorGameInfo *info;
  guint n_games = 0;

  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = parlor_saved_game_get_path (game_id);
  info = lookup (game_id);
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
      set_aside_path (path, game_id);
      parlor_saved_game_set_assisted (game_id, FALSE);
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
      set_aside_path (path, game_id);
      parlor_saved_game_set_assisted (game_id, FALSE);
      if (info == NULL)
        g_set_error_literal (error, PARLOR_REPLAY_ERROR, PARLOR_REPLAY_ERROR_UNKNOWN_GAME,
                             _("The saved game is damaged or from another version: "
                               "it was set aside"));
      return NULL;
    }
  return g_steal_pointer (&lines);
}
