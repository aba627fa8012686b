/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "parlor-game-record.h"

G_BEGIN_DECLS

/*
 * A finished game on its way to the records: what its record is made of
 * and its replay, in parlor/pending/<game>-<key>.pending, written (whole,
 * synced) the moment the game ends. Committing it keeps the replay, adds
 * the record (once: the record's key names the game) and only then
 * removes the file. A commit cut short (the app killed, the records busy
 * or unreadable) is simply done again later, without a second record.
 */

char      *parlor_pending_get_default_dir (void);

/* Writes @record (given a key if it has none) and @replay (the replay's
 * text, NULL: none) to @dir (NULL: the default); the file's path. */
char      *parlor_pending_save       (const char        *dir,
                                      ParlorGameRecord  *record,
                                      const char        *replay,
                                      GError           **error);
/* The pending files in @dir (NULL: the default), oldest first. */
GPtrArray *parlor_pending_list       (const char        *dir);
/* The replay a pending file holds, or NULL. */
char      *parlor_pending_dup_replay (const char        *path);

/* Commits @path to the records at @records_path (NULL: the default), its
 * replay kept under @replay_dir (NULL: the default). TRUE once the file
 * is done with (also when it was already gone: *id then -1); FALSE and
 * the file kept when the records cannot be written now.
 * *notice: words about the records file, or NULL; *replay_path: where the
 * replay was kept, or NULL. */
gboolean   parlor_pending_commit     (const char        *path,
                                      const char        *records_path,
                                      const char        *replay_dir,
                                      gint64            *id,
                                      char             **replay_path,
                                      char             **notice,
                                      GError           **error);

/* Commits every pending file of @dir (NULL: the default), oldest first;
 * how many are left (the records cannot be written now: @error says why). */
guint      parlor_pending_commit_all (const char        *dir,
                                      const char        *records_path,
                                      const char        *replay_dir,
                                      GError           **error);

/* At start, before any game is played: removes the temporary files that
 * writes cut short left in @dir (pending games) and @saved_dir (saved
 * games, "<game>.replay"), and each saved game that a pending game is the
 * end of (the app died between keeping the one and removing the other). */
void       parlor_pending_tidy       (const char        *dir,
                                      const char        *saved_dir);

/* Removes what a write cut short leaves in @dir: "NAME.XXXXXX" temporary
 * files, NAME ending in @suffix (".replay", ".pending"). Only while no
 * one writes there. */
void       parlor_pending_remove_temporaries (const char *dir,
                                              const char *suffix);

G_END_DECLS
