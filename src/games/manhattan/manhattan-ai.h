/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "parlor-game.h"

G_BEGIN_DECLS

/* Decides from a seat's view line only: "random", "normal" or "strong". */
char *manhattan_ai_choose (const char    *level,
                           const char    *view,
                           guint64        seed,
                           GCancellable  *cancellable,
                           GError       **error);

/* ParlorGameInfo.review_cost (docs/review.md): the expected final margin of
 * both moves over seeded play-outs. */
gboolean manhattan_ai_review_cost (const char        *view,
                                   const char        *played,
                                   const char        *best,
                                   guint64            seed,
                                   GCancellable      *cancellable,
                                   ParlorReviewCost  *out,
                                   GError           **error);

G_END_DECLS
