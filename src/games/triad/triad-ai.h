/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-game.h"
#include "triad-solver.h"
#include "triad-view.h"

G_BEGIN_DECLS

/*
 * Computer players. They decide from a view only. Easy, Medium and Hard play
 * a random legal move with probability 0.7, 0.5 and 0.3 and the best move
 * otherwise; Expert always plays the best move. With open hands the best
 * move is exact (full-depth search). With closed hands the hidden cards are
 * sampled from the deal's own distribution, consistent with what is known
 * (see docs/rules/triple-triad.md), and the move with the best mean exact
 * value over the samples is played.
 */

typedef enum
{
  TRIAD_AI_EASY,
  TRIAD_AI_MEDIUM,
  TRIAD_AI_HARD,
  TRIAD_AI_EXPERT,
} TriadAiLevel;

gboolean  triad_ai_level_from_string (const char      *text,
                                      TriadAiLevel    *level);
double    triad_ai_random_share      (TriadAiLevel     level);

/* @solver may be NULL (one is made for the call). */
gboolean  triad_ai_decide            (const TriadView *view,
                                      TriadAiLevel     level,
                                      guint64          seed,
                                      TriadSolver     *solver,
                                      guint           *index,
                                      guint           *cell,
                                      GCancellable    *cancellable,
                                      GError         **error);

/* ParlorGameInfo.ai_choose: a `place card=I cell=C` line. */
char     *triad_ai_choose            (const char      *level,
                                      const char      *view,
                                      guint64          seed,
                                      GCancellable    *cancellable,
                                      GError         **error);

/* ParlorGameInfo.review_cost (docs/review.md): the solved value of both moves. */
gboolean  triad_ai_review_cost       (const char        *view,
                                      const char        *played,
                                      const char        *best,
                                      guint64            seed,
                                      GCancellable      *cancellable,
                                      ParlorReviewCost  *out,
                                      GError           **error);

G_END_DECLS
