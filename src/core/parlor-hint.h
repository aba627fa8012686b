/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-game.h"

G_BEGIN_DECLS

/*
 * A hint for one seat: what the game's strongest computer player would play
 * from that seat's view line, said in words, with the game's notes (a
 * mahjong seat's waits, its score or why it cannot win yet). It reads the
 * view line only, so it never knows more than the seat may see, and it is
 * deterministic (the computer player decides with parlor_hint_seed()).
 */

/* The review's seed that the hint's computer player decides with. */
#define PARLOR_HINT_REVIEW_SEED G_GUINT64_CONSTANT (1)

typedef struct
{
  char *action;   /* the action line to play */
  char *words;    /* the action in words ("You discard …") */
  char *notes;    /* the game's notes, one a line, or NULL */
} ParlorHint;

/* The seed the computer player decides @view's hint with: the one a review
 * with seed PARLOR_HINT_REVIEW_SEED (the app's, the command line's by
 * default) gives that decision (docs/review.md), so that a hint taken is
 * never listed by the review. */
guint64     parlor_hint_seed    (const char           *view);
/* The level of @info's strongest computer player (the last of ai_levels). */
const char *parlor_hint_level   (const ParlorGameInfo *info);

/* The hint for the viewer of @view, who is "" among @seat_names (NULL:
 * "Seat N"); fails with the computer player's error. As slow as the
 * strongest computer player: call it off the main thread. */
ParlorHint *parlor_hint_compute (const ParlorGameInfo *info,
                                 const char           *view,
                                 const char * const   *seat_names,
                                 GCancellable         *cancellable,
                                 GError              **error);
void        parlor_hint_free    (ParlorHint           *hint);
/* The words, then the notes, one a line. */
char       *parlor_hint_to_text (const ParlorHint     *hint);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ParlorHint, parlor_hint_free)

G_END_DECLS
