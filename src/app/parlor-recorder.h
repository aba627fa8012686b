/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-game-record.h"

G_BEGIN_DECLS

/*
 * Writes a finished game to the records (parlor-records.h) and keeps its
 * replay, in a worker thread so that the window never waits on the disk.
 */

/* Takes @record and @replay (the replay's text, NULL: none to keep). */
void      parlor_recorder_write_async  (ParlorGameRecord     *record,
                                        char                 *replay,
                                        GCancellable         *cancellable,
                                        GAsyncReadyCallback   callback,
                                        gpointer              user_data);
/* The game's id in the records, or -1 (error set). *notice: words for the
 * player about the records file (set aside, from a newer Parlor), or NULL;
 * *replay_path: where the replay was kept, or NULL. */
gint64    parlor_recorder_write_finish (GAsyncResult         *result,
                                        char                **notice,
                                        char                **replay_path,
                                        GError              **error);

/* Keeps a guest's unfinished seat view (@text, taken) among the replays,
 * with no record: the game has no result. */
void      parlor_recorder_keep_unfinished (const char         *game_id,
                                        char                 *text);

G_END_DECLS
