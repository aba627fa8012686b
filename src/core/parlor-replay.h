/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"
#include "parlor-line.h"

G_BEGIN_DECLS

/*
 * Replays (docs/replay-format.md): UTF-8 text, one ParlorLine record per line.
 * The format_* helpers return one record each (no newline); the verifier
 * re-runs every game of a file and names the first line it disagrees with.
 */

#define PARLOR_REPLAY_ERROR (parlor_replay_error_quark ())
#define PARLOR_REPLAY_VERSION 1

typedef enum
{
  PARLOR_REPLAY_ERROR_SYNTAX,        /* a record cannot be read */
  PARLOR_REPLAY_ERROR_UNKNOWN_GAME,
  PARLOR_REPLAY_ERROR_MISMATCH,      /* the engine disagrees with the record */
  PARLOR_REPLAY_ERROR_TOO_BIG,       /* more than PARLOR_REPLAY_MAX_SIZE bytes */
} ParlorReplayError;

/* No replay or saved game is bigger: a long match is a few hundred KB. */
#define PARLOR_REPLAY_MAX_SIZE (8 * 1024 * 1024)

typedef const ParlorGameInfo *(*ParlorReplayLookup) (const char *id);

GQuark    parlor_replay_error_quark    (void);

/* The game a `game` record names with its id=, or NULL (none, or unknown). */
const ParlorGameInfo *parlor_replay_lookup_game (ParlorReplayLookup  lookup,
                                                 const ParlorLine   *record);

/* Each returns NULL with an error (PARLOR_LINE_ERROR_TOO_LONG) for a record
 * that would not read back: longer than PARLOR_LINE_MAX_LENGTH once escaped. */
char     *parlor_replay_format_header  (void);
char     *parlor_replay_format_game    (const char        *game_id,
                                        guint64            seed,
                                        const char        *config,
                                        GError           **error);
char     *parlor_replay_format_game_version (const char   *game_id,
                                        guint              version,
                                        guint64            seed,
                                        const char        *config,
                                        GError           **error);
char     *parlor_replay_format_seat    (guint              index,
                                        const char        *name,
                                        const char        *kind,
                                        const char        *level,
                                        GError           **error);
char     *parlor_replay_format_event   (const ParlorEvent *event,
                                        GError           **error);
char     *parlor_replay_format_action  (guint              seat,
                                        const char        *action,
                                        gboolean           timeout,
                                        GError           **error);
char     *parlor_replay_format_result  (const char        *result,
                                        GError           **error);
/* Appends one event record per ParlorEvent of @events to @lines (char *);
 * stops at the first that cannot be written. */
gboolean  parlor_replay_append_events  (GPtrArray         *lines,
                                        GPtrArray         *events,
                                        GError           **error);

/*
 * A seat's view (docs/replay-format.md, file version 2): what one seat of
 * a game it did not host received, in order: "event LINE" and "view LINE"
 * records (each line as received, not escaped again), then "result LINE",
 * or "unfinished" when the host went away first. Not verifiable: it has
 * no seed. parlor_replay_cursor_new() reads it.
 */
#define PARLOR_REPLAY_SEAT_VIEW_VERSION 2

char     *parlor_replay_format_seat_view_header (void);
char     *parlor_replay_format_seat_view_game (const char *game_id,
                                        guint              n_seats,
                                        guint              seat,
                                        GError           **error);
/* @type "event", "view" or "result"; NULL for a @line that is not one. */
char     *parlor_replay_format_seen    (const char        *type,
                                        const char        *line,
                                        GError           **error);
/* Whether @kind is one a seat record may name: local, ai or remote. */
gboolean  parlor_replay_is_seat_kind   (const char        *kind);
/* Whether @text's first record says it is a seat's view. */
gboolean  parlor_replay_is_seat_view   (const char        *text);

/*
 * The one way a replay file is read (the CLI, the viewer, saved games):
 * a regular file (a pipe or a device is refused without waiting on it) of
 * at most PARLOR_REPLAY_MAX_SIZE bytes of UTF-8 text without NUL, refused
 * with words before it is read further. A line's trailing \r is ignored by
 * every reader of the text.
 */
char     *parlor_replay_read_file      (const char        *path,
                                        gsize             *length,
                                        GError           **error);
/* The same checks for bytes read otherwise. */
gboolean  parlor_replay_check_text     (const char        *data,
                                        gsize              length,
                                        GError           **error);

/* On failure the message starts with "line N:", N the first disagreeing line.
 * A file that holds no game, a game without a record for each seat, a seat of
 * an unknown kind or a second result is refused too. */
gboolean  parlor_replay_verify         (const char        *text,
                                        const ParlorGameInfo *(*lookup) (const char *id),
                                        guint             *n_games,
                                        GError           **error);

G_END_DECLS
