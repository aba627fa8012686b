/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * A game against the computer is kept as its replay (docs/replay-format.md)
 * in the user's data directory, parlor/saved/<game>.replay, written anew
 * (atomically) after every move: a crash loses at most the move in flight.
 * A file this version cannot play on from is set aside as
 * <game>-<YYYYmmdd-HHMMSS>.replay.damaged (the newest few are kept).
 */

char     *parlor_saved_game_get_path (const char  *game_id);
gboolean  parlor_saved_game_exists   (const char  *game_id);
/* @records: the table's record (char *, one record each). */
gboolean  parlor_saved_game_write    (const char  *game_id,
                                      GPtrArray   *records,
                                      GError     **error);
void      parlor_saved_game_remove   (const char  *game_id);
/* Renames the file to <game>-<YYYYmmdd-HHMMSS>.replay.damaged. */
void      parlor_saved_game_set_aside (const char *game_id);
/* Whether the saved game was played with help (hint, undo): kept beside
 * it as <game>.assisted, gone with it. */
void      parlor_saved_game_set_assisted (const char *game_id,
                                          gboolean    assisted);
gboolean  parlor_saved_game_get_assisted (const char *game_id);
/* The saved records, once this version has played them again event for
 * event; otherwise NULL, the error says why, and the file is set aside. */
GStrv     parlor_saved_game_read     (const char  *game_id,
                                      GError     **error);

/* What the saved file was when looked at: the app writes it anew (a new
 * file renamed over the old), so a write or a change shows here. */
typedef struct
{
  guint64 inode;
  gint64  mtime_ns;
  goffset size;
  guint   serial;   /* the app's own writes and removals so far */
} ParlorSavedGameStamp;

/* FALSE when there is no saved file for @game_id. */
gboolean  parlor_saved_game_get_stamp   (const char                 *game_id,
                                         ParlorSavedGameStamp       *stamp);
gboolean  parlor_saved_game_stamp_equal (const ParlorSavedGameStamp *a,
                                         const ParlorSavedGameStamp *b);
/* Checks the saved file in a thread as parlor_saved_game_read() and a
 * resume do (the table built from its records), changing nothing. The
 * finish gives TRUE when it can be played on; else a PARLOR_REPLAY_ERROR
 * in words for the player (the file is to be set aside), a
 * G_IO_ERROR_BUSY when the file is no longer the one of @stamp, or why it
 * could not be read. */
void      parlor_saved_game_check_async  (const char                  *game_id,
                                          const ParlorSavedGameStamp  *stamp,
                                          GCancellable                *cancellable,
                                          GAsyncReadyCallback          callback,
                                          gpointer                     user_data);
gboolean  parlor_saved_game_check_finish (GAsyncResult                *result,
                                          GError                     **error);

G_END_DECLS
