/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-review"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mahjong-review.h"

static char *
value_words (MahjongReviewValue          value,
             const MahjongReviewOutcome *p,
             const MahjongReviewOutcome *b)
{
  if (value == MAHJONG_REVIEW_POINTS)
    return g_strdup_printf (_("The computer player expects %.2f points after this move and "
                              "%.2f after its own."), p->value, b->value);
  return g_strdup_printf (_("The computer player puts the chance to win at %.0f%% after "
                            "this move and %.0f%% after its own."),
                          100 * p->value, 100 * b->value);
}

gboolean
mahjong_review_cost (const MahjongReview  *review,
                     const char           *view,
                     const char           *played,
                     const char           *best,
                     guint64               seed,
                     ParlorReviewCost     *out,
                     GError              **error)
{
  MahjongReviewOutcome p = { 0 }, b = { 0 };
  MahjongReviewJudge judge;
  g_autofree char *why = NULL;
  g_autofree char *shape = NULL;
  gpointer state;
  gboolean ok;

  g_return_val_if_fail (review != NULL, FALSE);
  g_return_val_if_fail (view != NULL && played != NULL && best != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  state = review->prepare (view, seed, &judge, error);
  if (state == NULL)
    return FALSE;
  ok = review->measure (state, played, &p) && review->measure (state, best, &b);
  review->free (state);
  if (!ok)
    {
      g_free (p.words);
      g_free (b.words);
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_ILLEGAL,
                           _("A move to review is not legal here"));
      return FALSE;
    }
  out->played_words = p.words;
  out->best_words = b.words;

  parlor_review_cost_add_figure (out, "shanten", p.shanten, b.shanten);
  parlor_review_cost_add_figure (out, "ukeire", p.ukeire, b.ukeire);
  if (p.estimated && b.estimated)
    parlor_review_cost_add_figure (out, review->value == MAHJONG_REVIEW_POINTS ? "points"
                                                                               : "win-chance",
                                   p.value, b.value);

  if (b.win && !p.win)
    {
      out->worse = TRUE;
      why = g_strdup (_("The hand could win here."));
    }
  else if (judge == MAHJONG_REVIEW_BY_VALUE && p.estimated && b.estimated && !p.win)
    {
      out->worse = p.value < b.value - (review->value == MAHJONG_REVIEW_POINTS ? 0.01 : 0.005);
      why = value_words (review->value, &p, &b);
    }
  else
    {
      out->worse = p.shanten > b.shanten || (p.shanten == b.shanten && p.ukeire < b.ukeire);
      if (judge == MAHJONG_REVIEW_BY_SHAPE_NOTE && p.estimated && b.estimated &&
          MAX (p.value, b.value) >= 0.005)
        why = value_words (review->value, &p, &b);
    }

  shape = g_strdup_printf (
      /* TRANSLATORS: shanten: tiles from a ready hand; effective tiles: unseen tiles that
       * bring the hand nearer */
      _("After this move the hand is %d from ready with %u effective tiles; after the "
        "computer’s, %d with %u."), p.shanten, p.ukeire, b.shanten, b.ukeire);
  out->explanation = why != NULL ? g_strconcat (why, " ", shape, NULL) : g_steal_pointer (&shape);
  return TRUE;
}
