/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-replay.h"

G_BEGIN_DECLS

/*
 * A position in a replay (docs/replay-format.md): one game of the file,
 * played again by the engine from its seed and actions. Step n is the
 * position after the game's first n recorded actions (0: the deal, before
 * any move; n_steps: the end of the record). Any step is reached by
 * playing the actions again, so what each seat saw at that step is what
 * the table showed it then. Hands (rounds) start where the game tells of a
 * new one ("hand" or "round" events).
 */

#define PARLOR_TYPE_REPLAY_CURSOR (parlor_replay_cursor_get_type ())
G_DECLARE_FINAL_TYPE (ParlorReplayCursor, parlor_replay_cursor, PARLOR, REPLAY_CURSOR, GObject)

/* The file is checked first, event for event (parlor_replay_verify()):
 * a damaged file, one of another game or of a newer version fails with a
 * PARLOR_REPLAY_ERROR whose message says which line and why. @game_index
 * picks one of the file's games (from 0). */
ParlorReplayCursor   *parlor_replay_cursor_new          (const char          *text,
                                                         ParlorReplayLookup   lookup,
                                                         guint                game_index,
                                                         GError             **error);

const ParlorGameInfo *parlor_replay_cursor_get_info     (ParlorReplayCursor  *self);
guint                 parlor_replay_cursor_get_n_seats  (ParlorReplayCursor  *self);
const char           *parlor_replay_cursor_get_seat_name (ParlorReplayCursor *self,
                                                         guint                seat);
/* "local", "ai" or "remote", as recorded. */
const char           *parlor_replay_cursor_get_seat_kind (ParlorReplayCursor *self,
                                                         guint                seat);
/* The seat recorded as "local" (the player of a game against the
 * computer), or -1. */
int                   parlor_replay_cursor_get_local_seat (ParlorReplayCursor *self);
/* The records of the game's block, a replay of its own (header first),
 * as parlor_table_new_from_record() takes them. */
const char * const   *parlor_replay_cursor_get_records  (ParlorReplayCursor  *self,
                                                         guint               *n_records);
/* The game's replay version is this engine's: the record can be played on. */
gboolean              parlor_replay_cursor_is_current_version (ParlorReplayCursor *self);

guint                 parlor_replay_cursor_get_n_steps  (ParlorReplayCursor  *self);
guint                 parlor_replay_cursor_get_step     (ParlorReplayCursor  *self);
gboolean              parlor_replay_cursor_go_to        (ParlorReplayCursor  *self,
                                                         guint                step,
                                                         GError             **error);
gboolean              parlor_replay_cursor_forward      (ParlorReplayCursor  *self);
gboolean              parlor_replay_cursor_back         (ParlorReplayCursor  *self);
/* The game at the current step; the cursor's own, not to be changed. */
ParlorGame           *parlor_replay_cursor_get_game     (ParlorReplayCursor  *self);

/* Hands: the step each begins at, in order (the first is 0). */
guint                 parlor_replay_cursor_get_n_hands  (ParlorReplayCursor  *self);
guint                 parlor_replay_cursor_get_hand_step (ParlorReplayCursor *self,
                                                         guint                hand);
/* The hand @step is in. */
guint                 parlor_replay_cursor_get_hand     (ParlorReplayCursor  *self,
                                                         guint                step);
/* The step of the previous hand's start (or this hand's, when @step is
 * past it), and of the next hand's (the end past the last). */
guint                 parlor_replay_cursor_previous_hand_step (ParlorReplayCursor *self,
                                                         guint                step);
guint                 parlor_replay_cursor_next_hand_step (ParlorReplayCursor *self,
                                                         guint                step);

/* What @seat sees at the current step; -1: what every seat sees. */
char                 *parlor_replay_cursor_dup_view     (ParlorReplayCursor  *self,
                                                         int                  seat);
/* The events up to @step that @seat may see (-1: those for all), as the
 * table told them: lines (char *), in order. */
GPtrArray            *parlor_replay_cursor_dup_events   (ParlorReplayCursor  *self,
                                                         guint                step,
                                                         int                  seat);
/* The same events from step @from (exclusive) to @to: those @to added. */
GPtrArray            *parlor_replay_cursor_dup_events_between (ParlorReplayCursor *self,
                                                         guint                from,
                                                         guint                to,
                                                         int                  seat);
/* Those events in words for @seat's log ("You play…"): one a line. */
GPtrArray            *parlor_replay_cursor_dup_log      (ParlorReplayCursor  *self,
                                                         guint                step,
                                                         int                  seat);
/* The seat whose action led to @step (1..n_steps), -1 for step 0; and
 * the action line. */
int                   parlor_replay_cursor_get_actor    (ParlorReplayCursor  *self,
                                                         guint                step);
const char           *parlor_replay_cursor_get_action   (ParlorReplayCursor  *self,
                                                         guint                step);
/* @step in words for @seat: who acted and what the table told of it,
 * e.g. "Ann: Ann plays 9-6-2-1 on the right". */
char                 *parlor_replay_cursor_describe_step (ParlorReplayCursor *self,
                                                         guint                step,
                                                         int                  seat);

/*
 * A seat's view (docs/replay-format.md) is read too: its steps are the
 * views the seat received, the events before each belong to that step.
 * It has no game (get_game() is NULL), no actors, and only its seat's
 * view (dup_view() of any other seat is NULL).
 */
/* The seat whose view the file is, -1 for a table's whole record. */
int                   parlor_replay_cursor_get_view_seat (ParlorReplayCursor *self);
/* The game is over at the current step. */
gboolean              parlor_replay_cursor_is_over      (ParlorReplayCursor  *self);
/* A seat's view: the result line received, NULL when unfinished. */
const char           *parlor_replay_cursor_get_seen_result (ParlorReplayCursor *self);
/* A seat's view: the move the seat made from @step's view, as the host
 * took it, or NULL (none, or a table's whole record). */
const char           *parlor_replay_cursor_get_move     (ParlorReplayCursor  *self,
                                                         guint                step);
/* A seat's view: the view the seat received at @step, or NULL. */
const char           *parlor_replay_cursor_get_seen_view (ParlorReplayCursor *self,
                                                         guint                step);
/* A seat's view that stops before the end (the host went away). */
gboolean              parlor_replay_cursor_is_unfinished (ParlorReplayCursor *self);

G_END_DECLS
