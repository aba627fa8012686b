/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * The table driver: owns one game, seats players (humans, computer players,
 * remote connections), asks each to act, runs the turn time limit as a
 * main-loop timeout and thinks for computer players off the main thread.
 * The app (local play), the LAN server and the CLI all drive games with it.
 *
 * A seat whose only legal answer to a claim prompt is one action (pass: it
 * has nothing to claim) is not asked: the table plays that answer for it,
 * human or computer, from an idle source once the lines of the move that
 * opened the window have gone out. So every claim window closes after the
 * move that opened it, never with it, and what a seat sees does not depend
 * on whether another seat could claim. Claim answers of computer players
 * are not paced by the AI delay (only turns are). A table with players
 * over the network also holds every claim window open for a least time
 * (parlor_table_set_claim_minimum), so that its length does not tell either.
 *
 * Signals (all emitted on the main context the table was created in):
 *   "event"       (guint audience, const char *line)  each event the game produced
 *   "action"      (guint seat, const char *line, gboolean timed_out)  each applied action
 *   "changed"     ()  after start and after every applied action
 *   "seat-changed" (guint seat)  a seat's kind or name changed
 *   "game-over"   (const char *result)
 */

typedef enum
{
  PARLOR_SEAT_LOCAL,    /* a human in this process: acts with parlor_table_submit() */
  PARLOR_SEAT_AI,       /* a computer player of seat's ai-level */
  PARLOR_SEAT_REMOTE,   /* a network client: acts with parlor_table_submit() */
} ParlorSeatKind;

#define PARLOR_TYPE_TABLE (parlor_table_get_type ())
G_DECLARE_FINAL_TYPE (ParlorTable, parlor_table, PARLOR, TABLE, GObject)

ParlorTable          *parlor_table_new              (const ParlorGameInfo  *info,
                                                     const char            *config,
                                                     guint64                seed,
                                                     GError               **error);
const ParlorGameInfo *parlor_table_get_info         (ParlorTable  *self);
ParlorGame           *parlor_table_get_game         (ParlorTable  *self);
guint                 parlor_table_get_n_seats      (ParlorTable  *self);

/* Players join before start; start() assigns them to seats at random and
 * fills the free seats with computer players of the default level. */
guint                 parlor_table_add_player       (ParlorTable    *self,
                                                     ParlorSeatKind  kind,
                                                     const char     *name,
                                                     const char     *ai_level);
guint                 parlor_table_add_player_at    (ParlorTable    *self,
                                                     int             seat,
                                                     ParlorSeatKind  kind,
                                                     const char     *name,
                                                     const char     *ai_level);
int                   parlor_table_get_player_seat  (ParlorTable  *self,
                                                     guint         player);
ParlorSeatKind        parlor_table_get_player_kind  (ParlorTable  *self,
                                                     guint         player);
void                  parlor_table_set_default_ai_level (ParlorTable *self,
                                                     const char   *level);

ParlorSeatKind        parlor_table_get_seat_kind    (ParlorTable  *self,
                                                     guint         seat);
const char           *parlor_table_get_seat_name    (ParlorTable  *self,
                                                     guint         seat);
const char           *parlor_table_get_seat_level   (ParlorTable  *self,
                                                     guint         seat);
/* The player a computer keeps the seat for (a player's seat turned AI:
 * they left or dropped and may come back), or NULL. */
const char           *parlor_table_get_seat_replaced (ParlorTable *self,
                                                     guint         seat);
/* A remote seat whose connection dropped becomes AI until it returns. */
void                  parlor_table_set_seat_kind    (ParlorTable    *self,
                                                     guint           seat,
                                                     ParlorSeatKind  kind);

/* The limit of turn prompts; 0 is none. */
void                  parlor_table_set_time_limit   (ParlorTable  *self,
                                                     guint         seconds);
guint                 parlor_table_get_time_limit   (ParlorTable  *self);
void                  parlor_table_set_prompt_time_limit (ParlorTable      *self,
                                                     ParlorPromptKind  kind,
                                                     guint             seconds);
guint                 parlor_table_get_prompt_time_limit (ParlorTable      *self,
                                                     ParlorPromptKind  kind);
void                  parlor_table_set_ai_delay     (ParlorTable  *self,
                                                     guint         milliseconds);
/* The least time a claim window stays open (0: none, the default): the
 * table's own answers and the computer players' claim answers are played
 * once it is up, so that, unless a player holds the window longer, every
 * window lasts the same whoever could claim. For tables others watch
 * over the network; a game against the computer has none. */
void                  parlor_table_set_claim_minimum (ParlorTable *self,
                                                     guint         milliseconds);
guint                 parlor_table_get_claim_minimum (ParlorTable *self);
/* Monotonic time (µs) at which the waiting seat's time runs out, 0 if none. */
gint64                parlor_table_get_deadline     (ParlorTable  *self,
                                                     guint         seat);
/* The seat's open prompt: FALSE if the game does not wait for it, or if
 * the seat has nothing to decide (a claim window where its only answer is
 * pass: the table plays that answer itself, parlor_game_get_automatic_action).
 * A seat's serials grow with each of its new prompts and are never 0. */
gboolean              parlor_table_get_prompt       (ParlorTable      *self,
                                                     guint             seat,
                                                     ParlorPromptKind *kind,
                                                     guint            *serial);

gboolean              parlor_table_start            (ParlorTable  *self,
                                                     GError      **error);
gboolean              parlor_table_is_started       (ParlorTable  *self);
gboolean              parlor_table_is_over          (ParlorTable  *self);
gboolean              parlor_table_submit           (ParlorTable  *self,
                                                     guint         seat,
                                                     const char   *action,
                                                     GError      **error);
/* Like submit(), answering prompt @serial (0: whichever is open). An
 * answer to a prompt that has closed fails with PARLOR_GAME_ERROR_STALE. */
gboolean              parlor_table_submit_prompt    (ParlorTable  *self,
                                                     guint         seat,
                                                     guint         serial,
                                                     const char   *action,
                                                     GError      **error);
char                 *parlor_table_view_for         (ParlorTable  *self,
                                                     int           seat);
/* Every record of the match so far, in the replay format (docs/replay-format.md). */
GPtrArray            *parlor_table_get_record       (ParlorTable  *self);
/* Tables made from a record (docs/replay-format.md): the same seats (player
 * i sits in seat i), and the record's first @n_actions actions (-1: all)
 * played again at start(), their events told as they come. Resuming a
 * saved game and undo use them. */
ParlorTable          *parlor_table_new_from_record  (const ParlorGameInfo *info,
                                                     const char * const   *records,
                                                     guint                 n_records,
                                                     int                   n_actions,
                                                     GError              **error);
/* How many actions came before @seat's last own action, -1 if none. */
int                   parlor_table_get_undo_point   (ParlorTable  *self,
                                                     guint         seat);
/* A new table, not started, back at @seat's last decision (the computer
 * players' moves since undone too), with this table's time limits. */
ParlorTable          *parlor_table_undo             (ParlorTable  *self,
                                                     guint         seat,
                                                     GError      **error);
/* A game against the computer waits while the player reads a dialog. */
void                  parlor_table_set_paused       (ParlorTable  *self,
                                                     gboolean      paused);
gboolean              parlor_table_is_paused        (ParlorTable  *self);
void                  parlor_table_stop             (ParlorTable  *self);

G_END_DECLS
