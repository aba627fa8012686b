/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"
#include "parlor-replay.h"

G_BEGIN_DECLS

/*
 * Review (docs/review.md): the strongest computer player goes through each
 * decision one seat made in a finished game and lists those it would have
 * made differently, with what they cost in the game's own measure. Every
 * decision is judged from the seat's view line alone.
 */

typedef struct
{
  guint             game;          /* the game record of the file it belongs to, from 0 */
  guint             step;          /* action records of that game before the decision */
  guint             seat;
  gboolean          timeout;       /* the turn timer chose the move */
  char             *view;          /* the seat's view before it */
  char             *played;        /* action lines */
  char             *best;
  char             *played_words;  /* translated */
  char             *best_words;
  ParlorReviewCost  cost;
} ParlorReviewEntry;

void       parlor_review_entry_free  (ParlorReviewEntry *entry);

/* One decision from a view alone: NULL (and no error) when the strongest
 * level would play @played too or when the measure finds no difference.
 * @seed is the review's seed; the decision's own seed comes from it and
 * the view. */
ParlorReviewEntry *parlor_review_decision (const ParlorGameInfo *info,
                                           const char           *view,
                                           const char           *played,
                                           guint64               seed,
                                           GCancellable         *cancellable,
                                           GError              **error);

typedef struct
{
  guint       seat;
  const char *line;
  gboolean    timeout;
} ParlorReviewAction;

/* Plays @actions on @game (new, not started) and appends to @entries
 * (ParlorReviewEntry) the decisions of @seat that are listed. Actions the
 * table plays itself (parlor_game_get_automatic_action) are no decisions;
 * with @automatic they are not in @actions and are played here (version 1
 * replays). @game_index goes into the entries. */
gboolean   parlor_review_actions     (ParlorGame               *game,
                                      const ParlorReviewAction *actions,
                                      guint                     n_actions,
                                      gboolean                  automatic,
                                      guint                     seat,
                                      guint                     game_index,
                                      guint64                   seed,
                                      GCancellable             *cancellable,
                                      GPtrArray                *entries,
                                      GError                  **error);

/* Reviews every game of a replay for @seat: a GPtrArray of ParlorReviewEntry,
 * or NULL with an error (a replay that does not play back, a seat the game
 * does not have). */
GPtrArray *parlor_review_replay      (const char               *text,
                                      ParlorReplayLookup        lookup,
                                      guint                     seat,
                                      guint64                   seed,
                                      GCancellable             *cancellable,
                                      GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ParlorReviewEntry, parlor_review_entry_free)

G_END_DECLS
