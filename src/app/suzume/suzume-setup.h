/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/*
 * Suzume-jong's setup page: the number of players (2-5), each computer
 * seat's strength and the match length (deals per seat). Its Start button
 * activates suzume.start.
 */
#define SUZUME_TYPE_SETUP (suzume_setup_get_type ())
G_DECLARE_FINAL_TYPE (SuzumeSetup, suzume_setup, SUZUME, SETUP, GtkWidget)

guint       suzume_setup_get_n_seats (SuzumeSetup *self);
void        suzume_setup_set_n_seats (SuzumeSetup *self,
                                      guint        n_seats);
guint       suzume_setup_get_deals   (SuzumeSetup *self);
/* The level of computer seat @seat (1..4). */
const char *suzume_setup_get_level   (SuzumeSetup *self,
                                      guint        seat);
void        suzume_setup_set_levels  (SuzumeSetup *self,
                                      const char  *level);
/* "seats=N deals=D dealer=random". */
char       *suzume_setup_make_config (SuzumeSetup *self);

G_END_DECLS
