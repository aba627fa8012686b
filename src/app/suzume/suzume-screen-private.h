/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "suzume-rules.h"
#include "suzume-screen.h"

G_BEGIN_DECLS

/* What the screen shows, for its tests. */

/* "setup", "play" or "result"; the outcome of the last hand. */
GtkWidget  *suzume_screen_get_my_hand     (SuzumeScreen *self);
GtkWidget  *suzume_screen_get_claim_bar   (SuzumeScreen *self);
GtkWidget  *suzume_screen_get_hint_label  (SuzumeScreen *self);
const char *suzume_screen_get_hand_result (SuzumeScreen *self);
const char *suzume_screen_get_ranking     (SuzumeScreen *self);
gboolean    suzume_screen_is_finished     (SuzumeScreen *self);

/* The Suzume-jong tile a drawn mahjong tile stands for. */
SuzumeTile  suzume_screen_tile_from_mahjong (guint       tile);

G_END_DECLS
