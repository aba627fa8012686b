/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-setup.h"

G_BEGIN_DECLS

/*
 * Suzume-jong's setup page, a ParlorSetup: the number of players (2-5), the
 * computer players' strength ("strength" sets every seat's, which each seat
 * may then change), the times for a turn and a claim, and the match length
 * (deals per seat). Its Start button activates suzume.start.
 */
#define SUZUME_TYPE_SETUP (suzume_setup_get_type ())
G_DECLARE_FINAL_TYPE (SuzumeSetup, suzume_setup, SUZUME, SETUP, ParlorSetup)

guint       suzume_setup_get_n_seats (SuzumeSetup *self);
void        suzume_setup_set_n_seats (SuzumeSetup *self,
                                      guint        n_seats);
guint       suzume_setup_get_deals   (SuzumeSetup *self);
/* The level of computer seat @seat (1..4). */
const char *suzume_setup_get_level   (SuzumeSetup *self,
                                      guint        seat);
/* Every computer seat plays at @level. */
void        suzume_setup_set_levels  (SuzumeSetup *self,
                                      const char  *level);
/* "seats=N deals=D dealer=random". */
char       *suzume_setup_make_config (SuzumeSetup *self);

G_END_DECLS
