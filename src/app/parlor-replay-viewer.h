/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-game-screen.h"
#include "parlor-replay-cursor.h"

G_BEGIN_DECLS

/*
 * A window that plays a replay back on the game's own screen, read-only:
 * step back and forward (Left, Right), to the start and the end (Home,
 * End), by hand (Page Up, Page Down), play at a chosen speed (Space), and
 * whose view to see. Each step is said to screen readers. Play on from
 * here starts a game against the computer at the step shown, in the
 * window that opened the viewer.
 *
 * Signal "play-on" (ParlorTable *table): the table, not started, made
 * from the record's first actions; whoever opened the viewer plays it.
 */
#define PARLOR_TYPE_REPLAY_VIEWER (parlor_replay_viewer_get_type ())
G_DECLARE_FINAL_TYPE (ParlorReplayViewer, parlor_replay_viewer, PARLOR, REPLAY_VIEWER, AdwWindow)

/* Reads @file (a replay, docs/replay-format.md): NULL with an error that
 * says what is wrong with it. */
ParlorReplayViewer *parlor_replay_viewer_new_for_file (GFile              *file,
                                                       GError            **error);
/* The same, read and checked off the main loop: a big file or a named pipe
 * never blocks the window. The callback runs on the calling thread's main
 * context; _finish() gives the viewer or the error. */
void                parlor_replay_viewer_new_for_file_async  (GFile               *file,
                                                              GCancellable        *cancellable,
                                                              GAsyncReadyCallback  callback,
                                                              gpointer             user_data);
ParlorReplayViewer *parlor_replay_viewer_new_for_file_finish (GAsyncResult        *result,
                                                              GError             **error);
/* The same for a replay's @text, @title under the window's. */
ParlorReplayViewer *parlor_replay_viewer_new_for_text (const char        *text,
                                                       const char        *title,
                                                       GError           **error);
ParlorReplayViewer *parlor_replay_viewer_new        (ParlorReplayCursor *cursor,
                                                     const char         *title);
ParlorReplayCursor *parlor_replay_viewer_get_cursor (ParlorReplayViewer *self);
ParlorGameScreen   *parlor_replay_viewer_get_screen (ParlorReplayViewer *self);
guint               parlor_replay_viewer_get_step   (ParlorReplayViewer *self);
/* Shows step @step (0..n_steps; past the end: the end). */
void                parlor_replay_viewer_go_to      (ParlorReplayViewer *self,
                                                     guint               step);
int                 parlor_replay_viewer_get_seat   (ParlorReplayViewer *self);
void                parlor_replay_viewer_set_seat   (ParlorReplayViewer *self,
                                                     guint               seat);
/*
 * Review (Review, Ctrl+R): the seat of your own game (else the seat
 * viewed) reviewed in a worker thread, as `parlor-cli review` does with
 * seed PARLOR_REPLAY_VIEWER_REVIEW_SEED; then a side list of the
 * decisions, each taking the viewer to its step (N, P: the next and the
 * previous). Closing the viewer gives the review up.
 */
#define PARLOR_REPLAY_VIEWER_REVIEW_SEED 1
void                parlor_replay_viewer_review     (ParlorReplayViewer *self);
/* A review is under way. */
gboolean            parlor_replay_viewer_is_reviewing (ParlorReplayViewer *self);
/* The entries listed (ParlorReviewEntry), NULL until a review is done. */
GPtrArray          *parlor_replay_viewer_get_review (ParlorReplayViewer *self);
GtkListBox         *parlor_replay_viewer_get_review_list (ParlorReplayViewer *self);
/*
 * All Hands (Ctrl+H): every seat's view at once, each on a screen of its
 * own beside the others, so that every hidden hand is open. Offered for a
 * table's whole record only (a game against the computer, or hosted), not
 * for a guest's seat view.
 */
void                parlor_replay_viewer_set_all_hands (ParlorReplayViewer *self,
                                                        gboolean            all);
gboolean            parlor_replay_viewer_get_all_hands (ParlorReplayViewer *self);
/* Seat @seat's screen in All Hands, NULL before it was first shown. */
ParlorGameScreen   *parlor_replay_viewer_get_all_hands_screen (ParlorReplayViewer *self,
                                                        guint               seat);
/* What screen readers were last told. */
const char         *parlor_replay_viewer_get_announcement (ParlorReplayViewer *self);

G_END_DECLS
