/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * The review of a mahjong decision (docs/review.md), shared by the three
 * games: each game reads its view line and measures where a move leaves the
 * hand; the kit compares the move played with the computer's and words it.
 */

/* Where a move leaves the hand. */
typedef struct
{
  gboolean win;        /* the move wins */
  int      shanten;    /* tiles from ready (-1 a win) */
  guint    ukeire;     /* live effective tiles */
  gboolean estimated;  /* the strong player has a value for it */
  double   value;      /* its expected points or chance to win */
  char    *words;      /* optional: the move in words (g_free) */
} MahjongReviewOutcome;

typedef enum
{
  MAHJONG_REVIEW_POINTS,  /* value: expected points, figure "points" */
  MAHJONG_REVIEW_CHANCE,  /* value: chance to win, figure "win-chance" */
} MahjongReviewValue;

typedef enum
{
  MAHJONG_REVIEW_BY_SHAPE,       /* worse: higher shanten, then fewer effective tiles */
  MAHJONG_REVIEW_BY_VALUE,       /* worse: a lower value where both have one */
  MAHJONG_REVIEW_BY_SHAPE_NOTE,  /* by shape, naming the value where it is not nil */
} MahjongReviewJudge;

typedef struct
{
  MahjongReviewValue value;
  /* The state of @view for @seed and how its moves are judged, or NULL
   * with @error if its seat has nothing to decide. */
  gpointer           (*prepare) (const char          *view,
                                 guint64              seed,
                                 MahjongReviewJudge  *judge,
                                 GError             **error);
  /* FALSE if @action is not legal in @state. */
  gboolean           (*measure) (gpointer              state,
                                 const char           *action,
                                 MahjongReviewOutcome *outcome);
  GDestroyNotify     free;
} MahjongReview;

/* Declares a mahjong game's computer players, @prefix##_ai_choose (a
 * ParlorGameInfo.ai_choose), and the review of their decisions,
 * @prefix##_ai_review. */
#define MAHJONG_DECLARE_AI(prefix)                                   \
  char *prefix##_ai_choose (const char    *level,                    \
                            const char    *view,                     \
                            guint64        seed,                     \
                            GCancellable  *cancellable,              \
                            GError       **error);                   \
  extern const MahjongReview prefix##_ai_review;

/* Defines @prefix##_ai_review, judged by @value, from its callbacks. */
#define MAHJONG_DEFINE_REVIEW(prefix, value, prepare, measure, free) \
  const MahjongReview prefix##_ai_review = { (value), (prepare), (measure), (free) };

/* ParlorGameInfo.review_cost by @review. */
gboolean mahjong_review_cost (const MahjongReview  *review,
                              const char           *view,
                              const char           *played,
                              const char           *best,
                              guint64               seed,
                              ParlorReviewCost     *out,
                              GError              **error);

/* Defines @func, a ParlorGameInfo.review_cost by @review. */
#define MAHJONG_DEFINE_REVIEW_COST(func, review)                                      \
  static gboolean                                                                     \
  func (const char        *view,                                                      \
        const char        *played,                                                    \
        const char        *best,                                                      \
        guint64            seed,                                                      \
        GCancellable      *cancellable,                                               \
        ParlorReviewCost  *out,                                                       \
        GError           **error)                                                     \
  {                                                                                   \
    (void) cancellable;                                                               \
    return mahjong_review_cost (&(review), view, played, best, seed, out, error);     \
  }

G_END_DECLS
