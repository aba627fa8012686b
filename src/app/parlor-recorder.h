/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-game-record.h"

G_BEGIN_DECLS

/*
 * Writes a finished game to the records (parlor-records.h) and keeps its
 * replay. The game is first kept whole as a pending file
 * (parlor-pending.h), at once, so that nothing is lost if the app dies;
 * the records are then written in a worker thread, so that the window
 * never waits on the disk. A game the records cannot take now (another
 * program holds them, they cannot be opened) stays pending and is written
 * at the next chance: a few seconds later, or at the next start.
 */

/* Keeps @record and @replay (the replay's text, NULL: none to keep; both
 * taken) as a pending game, then writes them. FALSE (@error set, nothing
 * started) if not even the pending game could be kept. */
gboolean  parlor_recorder_write_async  (ParlorGameRecord     *record,
                                        char                 *replay,
                                        GCancellable         *cancellable,
                                        GAsyncReadyCallback   callback,
                                        gpointer              user_data,
                                        GError              **error);
/* The game's id in the records, or -1 (error set: the game stays pending
 * when the records cannot take it now, PARLOR_RECORDS_ERROR_BUSY or
 * _FAILED). *notice: words for the player about the records file (set
 * aside, from a newer Parlor), or NULL; *replay_path: where the replay was
 * kept, or NULL. */
gint64    parlor_recorder_write_finish (GAsyncResult         *result,
                                        char                **notice,
                                        char                **replay_path,
                                        GError              **error);

/* At start: tidies what a write cut short left behind and writes the
 * games still pending. */
void      parlor_recorder_finish_pending (void);
/* How many finished games wait for the records. */
guint     parlor_recorder_count_pending  (void);

/* Keeps a guest's unfinished seat view (@text, taken) among the replays,
 * with no record: the game has no result. */
void      parlor_recorder_keep_unfinished (const char         *game_id,
                                        char                 *text);

G_END_DECLS
